import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELD_LABELS, fieldLabel } from './card-facts.ts';

// The catalogue the product ships, read as a file: every field its research marks uncertain is
// shown on the card page as "Not confirmed: <label>: <note>".
const demo = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../../server/seed/demo-catalog.json'), 'utf8'),
) as { cards: { uncertain: { field: string }[] }[] };

describe('fieldLabel', () => {
  it('has a label of its own for every field the shipped catalogue marks uncertain', () => {
    // A field without one is shown as its slug made readable: 'Is active', 'As of'.
    const fields = new Set(demo.cards.flatMap((c) => c.uncertain.map((u) => u.field.split('.')[0] ?? '')));
    expect(fields.size).toBeGreaterThan(10);
    for (const field of fields) expect(Object.hasOwn(FIELD_LABELS, field), field).toBe(true);
    expect(fieldLabel('is_active')).toBe('Still issued');
    expect(fieldLabel('as_of')).toBe('Date of these facts');
  });
});
