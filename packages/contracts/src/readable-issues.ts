import type { z } from 'zod';

/**
 * zod's own words for a problem a schema gave no message of its own ("Invalid input: expected
 * string, received null", "Too big: expected string to have <=40 characters") read as a sentence
 * about the field instead ("must be text, not null", "must be at most 40 characters"). The words
 * follow the field's path in an answer's `detail` (`name: must be at most 150 characters`), as the
 * contracts' own messages of that kind do (`must be a number`, `must be text`).
 *
 * A zod error map: a schema's own message always wins over it. The server installs it for every
 * parse (plumbing/errors.ts), so no client sees zod's wording in a 400.
 */
export const readableIssue: z.core.$ZodErrorMap = (iss) => {
  const input = iss.input;
  switch (iss.code) {
    case 'invalid_type':
      if (input === undefined) return 'is required';
      if (isInfinite(input)) return TOO_LARGE;
      if (iss.expected === 'int' && typeof input === 'number') return 'must be a whole number';
      return `must be ${typeName(iss.expected)}${butWas(input)}`;
    case 'invalid_value': {
      const values = listOf(iss.values);
      if (input === undefined)
        return `is required (${iss.values.length === 1 ? values : `one of ${values}`})`;
      return iss.values.length === 1 ? `must be ${values}` : `must be one of ${values}`;
    }
    case 'invalid_union': {
      if (input === undefined) return 'is required';
      if (isInfinite(input)) return TOO_LARGE;
      const branches = iss.errors ?? [];
      const types = branches.map((b) =>
        b.length === 1 && b[0]?.code === 'invalid_type' && b[0].path.length === 0 ? b[0].expected : undefined,
      );
      if (types.length > 0 && types.every((t) => t !== undefined)) {
        const names = [...new Set(types.map((t) => typeName(t as string)))];
        return `must be ${names.join(' or ')}${butWas(input)}`;
      }
      const options = Array.isArray(iss.options) ? (iss.options as unknown[]) : [];
      if (options.length > 0) return `must be one of ${listOf(options)}`;
      return 'is not valid';
    }
    case 'too_big': {
      const max = String(iss.maximum);
      const unit = UNITS[iss.origin];
      if (unit) {
        if (iss.exact) return `must have exactly ${max} ${unit}`;
        return `must be at most ${iss.inclusive === false ? String(Number(iss.maximum) - 1) : max} ${unit}`;
      }
      return iss.inclusive === false ? `must be less than ${max}` : `must be at most ${max}`;
    }
    case 'too_small': {
      const min = String(iss.minimum);
      const unit = UNITS[iss.origin];
      if (unit) {
        if (iss.exact) return `must have exactly ${min} ${unit}`;
        const least = iss.inclusive === false ? Number(iss.minimum) + 1 : Number(iss.minimum);
        if (least <= 1) return 'must not be empty';
        return `must be at least ${least} ${unit}`;
      }
      return iss.inclusive === false ? `must be more than ${min}` : `must be at least ${min}`;
    }
    case 'invalid_format':
      switch (iss.format) {
        case 'starts_with':
          return `must start with '${String(iss.prefix)}'`;
        case 'ends_with':
          return `must end with '${String(iss.suffix)}'`;
        case 'includes':
          return `must contain '${String(iss.includes)}'`;
        case 'regex':
          return 'is not in the expected format';
        default:
          return `must be ${FORMATS[iss.format] ?? `a valid ${iss.format}`}`;
      }
    case 'not_multiple_of':
      return `must be a multiple of ${iss.divisor}`;
    case 'unrecognized_keys': {
      const shown = iss.keys
        .slice(0, 5)
        .map((k) => `'${k.slice(0, 40)}'`)
        .join(', ');
      const more = iss.keys.length > 5 ? ` and ${iss.keys.length - 5} more` : '';
      const known = knownKeys(iss.inst);
      const takes = known && known.length <= 8 ? ` (the fields are ${known.join(', ')})` : '';
      return `unknown field${iss.keys.length === 1 ? '' : 's'} ${shown}${more}${takes}`;
    }
    case 'invalid_key':
      return 'has a key that is not valid';
    case 'invalid_element':
      return 'has an entry that is not valid';
    case 'custom':
      return 'is not valid';
    default:
      return undefined;
  }
};

/**
 * JSON's 1e400 parses to Infinity, which no schema takes: "must be a number, not a number" would
 * be the words for it otherwise.
 */
const TOO_LARGE = 'is too large a number';
const isInfinite = (input: unknown): boolean =>
  typeof input === 'number' && !Number.isNaN(input) && !Number.isFinite(input);

const UNITS: Record<string, string> = {
  string: 'characters',
  array: 'items',
  set: 'items',
  map: 'entries',
  file: 'bytes',
};

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  nan: 'a number',
  boolean: 'true or false',
  array: 'a list',
  tuple: 'a list',
  set: 'a list',
  object: 'an object',
  record: 'an object',
  map: 'an object',
  date: 'a date',
  file: 'a file',
  null: 'null',
  undefined: 'left out',
};

const typeName = (expected: string): string => TYPE_NAMES[expected] ?? `of type ${expected}`;

const FORMATS: Record<string, string> = {
  email: 'a valid email address',
  url: 'a web address (URL)',
  uuid: 'a valid id (a UUID)',
  uuidv4: 'a valid id (a UUID)',
  uuidv6: 'a valid id (a UUID)',
  uuidv7: 'a valid id (a UUID)',
  guid: 'a valid id (a UUID)',
  date: 'a date (YYYY-MM-DD)',
  datetime: 'a date and time (ISO 8601)',
  time: 'a time (HH:MM)',
};

/** ", not null" / ", not a list": what came instead, in the same words. */
function butWas(input: unknown): string {
  if (input === null) return ', not null';
  if (Array.isArray(input)) return ', not a list';
  switch (typeof input) {
    case 'string':
      return ', not text';
    case 'number':
      // NaN is text a coercion could not read ('abc' for a port): "a number, not a number" says nothing.
      return Number.isNaN(input) ? '' : ', not a number';
    case 'boolean':
      return `, not ${input}`;
    case 'object':
      return ', not an object';
    default:
      return '';
  }
}

function listOf(values: readonly unknown[]): string {
  const shown = values.slice(0, 10).map((v) => (typeof v === 'string' ? v : String(v)));
  return `${shown.join(', ')}${values.length > 10 ? ', …' : ''}`;
}

/** The field names of the object schema that refused a key, when it is one. */
function knownKeys(inst: unknown): string[] | undefined {
  const shape = (inst as { _zod?: { def?: { shape?: unknown } } } | undefined)?._zod?.def?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : undefined;
}

/** `a.b[2].c` style paths, so a client (or an operator reading a CLI error) can find the spot. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out;
}
