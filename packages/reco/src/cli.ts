import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatPath, instanceSchema, readableIssue } from '@cardwise/contracts';
import type { ZodError } from 'zod';
import { recommend } from './recommend.ts';

/**
 * `npm run reco -- <instance.json | ->`: prints the engine's answer as JSON.
 * Exit codes: 0 ok (or --help), 1 invalid instance, 2 unreadable input or bad JSON / usage.
 */
export interface CliIo {
  readonly stdout: (s: string) => void;
  readonly stderr: (s: string) => void;
  readonly readStdin: () => string;
}

const defaultIo: CliIo = {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  readStdin: () => readFileSync(0, 'utf8'),
};

export function formatZodIssues(error: ZodError): string[] {
  return error.issues.map((issue) => `${formatPath(issue.path) || '(root)'}: ${issue.message}`);
}

/**
 * zod skips the instance-level refinements (unknown owned ids) when a card or
 * entry is malformed; report them anyway so one run names every problem.
 */
function unknownOwnedIds(json: unknown): string[] {
  if (typeof json !== 'object' || json === null) return [];
  const { cards, ownedCards } = json as { cards?: unknown; ownedCards?: unknown };
  if (!Array.isArray(cards) || !Array.isArray(ownedCards)) return [];
  const ids = new Set(
    cards.map((c: unknown) => (typeof c === 'object' && c !== null ? (c as { id?: unknown }).id : undefined)),
  );
  return ownedCards.flatMap((id: unknown, i) =>
    typeof id === 'string' && !ids.has(id) ? [`ownedCards[${i}]: unknown card id '${id}'`] : [],
  );
}

export function runCli(args: readonly string[], io: CliIo = defaultIo): number {
  const usage = 'usage: npm run reco -- <instance.json | ->   (- reads the instance from stdin)\n';
  // Asked-for help is an answer (stdout, 0), not a usage error.
  if (args.length === 1 && (args[0] === '-h' || args[0] === '--help')) {
    io.stdout(usage);
    return 0;
  }
  if (args.length !== 1) {
    io.stderr(usage);
    return 2;
  }
  const source = args[0] as string;
  let text: string;
  try {
    text = source === '-' ? io.readStdin() : readFileSync(source, 'utf8');
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    io.stderr(`error: cannot read ${source === '-' ? 'stdin' : source}: ${reason}\n`);
    return 2;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    io.stderr(`error: ${source === '-' ? 'stdin' : source} is not valid JSON: ${reason}\n`);
    return 2;
  }
  // In the server's words ('must be a number, not text'), not zod's ('Invalid input: expected …').
  const parsed = instanceSchema.safeParse(json, { error: readableIssue });
  if (!parsed.success) {
    const lines = [...formatZodIssues(parsed.error), ...unknownOwnedIds(json)].filter(
      (l, i, all) => all.indexOf(l) === i,
    );
    io.stderr(
      `error: invalid instance (${lines.length} problem${lines.length === 1 ? '' : 's'}):\n${lines.map((l) => `  - ${l}`).join('\n')}\n`,
    );
    return 1;
  }
  const result = recommend(parsed.data);
  for (const w of result.warnings ?? []) io.stderr(`warning: ${w}\n`);
  io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  return 0;
}

const invokedDirectly =
  process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) process.exitCode = runCli(process.argv.slice(2));
