import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { bootstrapDatabase } from '../src/db/bootstrap.ts';
import { databaseUnreachable, listenFailure, StartupError } from '../src/startup-error.ts';

/** What server.ts prints alone (no stack) when it cannot start: the operator's to fix. */
const dataDir = mkdtempSync(join(tmpdir(), 'cardwise-startup-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const bootstrapWith = (databaseUrl: string) =>
  bootstrapDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }));

describe('reasons not to start', () => {
  it('a DATABASE_URL where nothing listens: named, without its password', async () => {
    const error = await bootstrapWith('postgres://app:hunter2secret@127.0.0.1:1/cards').catch((e) => e);
    expect(error).toBeInstanceOf(StartupError);
    expect(error.message).toBe(
      'Cannot use the PostgreSQL server of DATABASE_URL (postgres://app:***@127.0.0.1:1/cards): nothing is listening there.',
    );
  }, 30_000);

  it('any other failure is not dressed up as one', () => {
    expect(databaseUnreachable(new Error('syntax error at or near "selct"'), 'postgres://h/db')).toBeNull();
    expect(databaseUnreachable({ cause: { cause: { code: '42601' } } }, 'postgres://h/db')).toBeNull();
    expect(databaseUnreachable({ cause: { code: '28P01' } }, 'postgres://u:pw@h/db')?.message).toBe(
      'Cannot use the PostgreSQL server of DATABASE_URL (postgres://u:***@h/db): the server refused the password.',
    );
  });

  it('a port another server holds', async () => {
    const listen = (server: Server, port: number) =>
      new Promise<void>((ok, fail) => {
        server.once('error', fail);
        server.listen(port, '127.0.0.1', () => ok());
      });
    const holder = createServer();
    await listen(holder, 0);
    const port = (holder.address() as { port: number }).port;
    try {
      const error = await listen(createServer(), port).catch((e: unknown) => e);
      expect(listenFailure(error, '127.0.0.1', port)?.message).toBe(
        `Port ${port} on 127.0.0.1 is already in use: stop what listens there, or set PORT.`,
      );
      expect(listenFailure(new Error('boom'), '127.0.0.1', port)).toBeNull();
    } finally {
      holder.close();
    }
  });
});

const SERVERS = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [];

describe.each(SERVERS)('reasons not to start, on the PostgreSQL server (%s)', (server) => {
  it('a database the server does not have', async () => {
    const url = new URL(server);
    url.pathname = '/cardwise_no_such_database';
    const error = await bootstrapWith(url.toString()).catch((e) => e);
    expect(error).toBeInstanceOf(StartupError);
    expect(error.message).toMatch(/: the database does not exist\.$/);
  }, 30_000);
});
