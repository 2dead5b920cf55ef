import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTBOX_MAX_AGE_MS, sweepOutbox } from '../src/plumbing/mailer.ts';

describe('the outbox sweep', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('removes messages past a day and abandoned temp files, and nothing else', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cardwise-outbox-'));
    dirs.push(dir);
    const now = new Date('2026-12-07T12:00:00Z');
    const at = (name: string, ageMs: number) => {
      const path = join(dir, name);
      writeFileSync(path, 'x');
      const t = new Date(now.getTime() - ageMs);
      utimesSync(path, t, t);
    };
    at('old.eml', OUTBOX_MAX_AGE_MS + 60_000);
    at('fresh.eml', 30 * 60_000); // its link may still be live
    at('.tmp-dead.eml', 11 * 60_000);
    at('.tmp-writing.eml', 1_000);
    at('notes.txt', OUTBOX_MAX_AGE_MS * 3); // not the mailer's
    expect(await sweepOutbox(dir, now)).toBe(2);
    expect(readdirSync(dir).sort()).toEqual(['.tmp-writing.eml', 'fresh.eml', 'notes.txt']);
  });

  it('is nothing to do when there is no outbox yet', async () => {
    expect(await sweepOutbox(join(tmpdir(), 'cardwise-no-outbox-here'))).toBe(0);
  });
});
