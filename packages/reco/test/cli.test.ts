import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engineResultSchema } from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli.ts';

const fixturePath = new URL('./fixtures/tiny-instance.json', import.meta.url).pathname;

function run(args: string[], stdin = '') {
  let out = '';
  let err = '';
  const code = runCli(args, { stdout: (s) => (out += s), stderr: (s) => (err += s), readStdin: () => stdin });
  return { code, out, err };
}

describe('CLI', () => {
  it('prints the answer for an instance file', () => {
    const r = run([fixturePath]);
    expect(r.code).toBe(0);
    const parsed = engineResultSchema.parse(JSON.parse(r.out));
    expect(parsed.spend_level_winners.map((g) => g.group_savings)).toEqual([1200, 1084, 800]);
  });

  it('reads stdin with -', () => {
    const r = run(['-'], readFileSync(fixturePath, 'utf8'));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).spend_level_winners).toHaveLength(3);
  });

  it('names every offending JSON path of an invalid instance', () => {
    const bad = {
      cards: [{ id: 'Bad Id', name: 'x', issuer: 'y', annual_fee: -5, rules: [{ conditions: {}, rate: 3 }] }],
      entries: [{ id: 'e', amount: 'lots' }],
      ownedCards: ['ghost'],
      desiredCardCount: 11,
    };
    const r = run(['-'], JSON.stringify(bad));
    expect(r.code).toBe(1);
    for (const path of [
      'cards[0].id',
      'cards[0].annual_fee',
      'cards[0].rules[0].rate',
      'entries[0].amount',
      'desiredCardCount',
      'ownedCards[0]',
    ]) {
      expect(r.err).toContain(`${path}:`);
    }
    expect(r.out).toBe('');
  });

  it('names the faulty field of a rule, not just the rule', () => {
    const card = (rules: unknown[]) => ({ id: 'a', name: 'A', issuer: 'i', annual_fee: 0, rules });
    const r = run(
      ['-'],
      JSON.stringify({
        cards: [card([{ conditions: {}, rate: 'lots' }, { conditions: {}, excluded: true, rate: 0.1 }, {}])],
        entries: [],
      }),
    );
    expect(r.code).toBe(1);
    // A union used to say only "cards[0].rules[0]: Invalid input" for each of them.
    // In the server's words (contracts' readableIssue), not zod's "Invalid input: expected number".
    expect(r.err).toContain('cards[0].rules[0]: rate: must be a number, not text');
    expect(r.err).toContain("cards[0].rules[1]: unknown field 'rate'");
    expect(r.err).toContain('cards[0].rules[2]: conditions: is required');
    expect(r.err).not.toMatch(/Invalid input|expected \w+, received/);
  });

  it('refuses an unknown top-level key instead of answering with the default', () => {
    const inst = JSON.parse(readFileSync(fixturePath, 'utf8'));
    const { desiredCardCount: _k, ...rest } = inst;
    const r = run(['-'], JSON.stringify({ ...rest, desiredCardcount: 1 }));
    expect(r.code).toBe(1);
    expect(r.err).toContain("(root): unknown field 'desiredCardcount'");
    expect(r.out).toBe('');
  });

  it('prints its usage on --help with exit 0', () => {
    const r = run(['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('usage: npm run reco');
  });

  it('reports an unknown owned id on an otherwise valid instance', () => {
    const r = run(['-'], JSON.stringify({ cards: [], entries: [], ownedCards: ['ghost'] }));
    expect(r.code).toBe(1);
    expect(r.err).toContain("ownedCards[0]: unknown card id 'ghost'");
  });

  it('bad JSON and unreadable files are clear errors with a non-zero exit', () => {
    const j = run(['-'], '{"cards": [');
    expect(j.code).toBe(2);
    expect(j.err).toMatch(/not valid JSON/);
    const f = run(['/definitely/not/here.json']);
    expect(f.code).toBe(2);
    expect(f.err).toMatch(/cannot read \/definitely\/not\/here.json/);
    expect(run([]).code).toBe(2);
  });

  it('warns on stderr about unknown compare ids and still answers', () => {
    const r = run(
      ['-'],
      JSON.stringify({
        cards: [{ id: 'a', name: 'A', issuer: 'i', annual_fee: 0, rules: [{ conditions: {}, rate: 0.01 }] }],
        entries: [{ id: 'e', amount: 100 }],
        compareCards: ['a', 'zz'],
      }),
    );
    expect(r.code).toBe(0);
    expect(r.err).toContain("warning: compareCards: unknown card id 'zz' ignored");
  });

  it('runs as a process: exit codes and output', () => {
    const dir = mkdtempSync(join(tmpdir(), 'reco-cli-'));
    const badFile = join(dir, 'bad.json');
    writeFileSync(badFile, JSON.stringify({ cards: 'nope', entries: [] }));
    const cli = new URL('../src/cli.ts', import.meta.url).pathname;
    const ok = spawnSync('npx', ['tsx', cli, fixturePath], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).spend_level_winners[0].group_savings).toBe(1200);
    const bad = spawnSync('npx', ['tsx', cli, badFile], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('cards:');
  });
});
