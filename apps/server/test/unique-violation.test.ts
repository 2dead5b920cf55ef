import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../src/db/unique-violation.ts';
import { createTestDatabase, DB_KINDS } from './support/test-app.ts';

/** The error a duplicate insert throws on `kind`, as the repositories see it (through drizzle). */
async function duplicateInsertError(kind: (typeof DB_KINDS)[number]): Promise<unknown> {
  const database = await createTestDatabase(kind);
  try {
    await database.db.execute(sql`create table uv_probe (k text constraint uv_probe_k_uq unique)`);
    await database.db.execute(sql`insert into uv_probe values ('a')`);
    await database.db.execute(sql`insert into uv_probe values ('a')`);
  } catch (e) {
    return e;
  } finally {
    await database.dispose();
  }
  throw new Error('the duplicate insert did not fail');
}

describe.each(DB_KINDS)('isUniqueViolation on %s', (kind) => {
  it('finds the driver error behind the wrapper, and tells its constraint from another', async () => {
    const e = await duplicateInsertError(kind);
    expect(isUniqueViolation(e)).toBe(true);
    expect(isUniqueViolation(e, 'uv_probe_k_uq')).toBe(true);
    expect(isUniqueViolation(e, 'users_tenant_email_uq')).toBe(false);
  }, 60_000);
});

describe('isUniqueViolation', () => {
  it('is false for anything but SQLSTATE 23505, however deep', () => {
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation({ cause: { cause: { code: '23503' } } })).toBe(false);
    expect(isUniqueViolation({ cause: { cause: { code: '23505', constraint: 'x_uq' } } }, 'x_uq')).toBe(true);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
