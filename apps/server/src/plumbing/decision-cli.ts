import { loadConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { type Database, openDatabase } from '../db/client.ts';

/**
 * An operator's command that records a decision on something a user submitted, by its reference
 * (`npm run applications -- set-status …`, `npm run referrals -- set-status …`). One runner, so
 * both parse, open the database, report and exit alike. No PII is printed: only the reference
 * and the statuses.
 */

export type Decision = 'approved' | 'rejected';
export type DecisionResult = { ok: true; previous: string } | { ok: false; reason: string };

export interface DecisionCommand {
  /** The npm script's name, also the prefix of every error line. */
  name: string;
  /** What the reference names, for the usage text ("a submitted application"). */
  what: string;
  /** The reference's pattern, and an example of it for messages. */
  reference: RegExp;
  example: string;
  decide(db: Db, reference: string, status: Decision): Promise<DecisionResult>;
}

interface Output {
  write(text: string): unknown;
}

const usage = (c: DecisionCommand) => `usage:
  npm run ${c.name} -- set-status <reference> approved|rejected
      Record the decision on ${c.what} (${c.example}).
Uses DATABASE_URL when set, else the embedded database under DATA_DIR (default ./data);
the embedded database is one process's: stop the server first, or use DATABASE_URL.`;

/** Runs one command line; returns the process exit code (2 for bad usage, 1 when refused). */
export async function runDecisionCommand(
  command: DecisionCommand,
  argv: string[],
  out: Output = process.stdout,
  err: Output = process.stderr,
  open: () => Promise<Database> = async () => {
    const config = loadConfig();
    return openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  },
): Promise<number> {
  const [verb, reference, status, ...extra] = argv;
  if (verb === '--help' || verb === '-h' || verb === 'help') {
    out.write(`${usage(command)}\n`);
    return 0;
  }
  // An extra word was ignored: `set-status CW-… approved now` recorded a decision all the same.
  if (
    verb !== 'set-status' ||
    !reference ||
    (status !== 'approved' && status !== 'rejected') ||
    extra.length > 0
  ) {
    err.write(`${usage(command)}\n`);
    return 2;
  }
  const ref = reference.toUpperCase();
  if (!command.reference.test(ref)) {
    err.write(`${command.name}: '${reference}' is not a reference (${command.example})\n`);
    return 2;
  }
  const database = await open();
  try {
    await database.migrate();
    const result = await command.decide(database.db, ref, status);
    if (!result.ok) {
      err.write(`${command.name}: ${result.reason}\n`);
      return 1;
    }
    out.write(
      result.previous === status
        ? `${ref} is already ${status}\n`
        : `${ref}: ${result.previous} → ${status}\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

/** For a CLI module run directly: runs the command on the process's arguments and exits with its code. */
export function runDecisionCommandAsMain(command: DecisionCommand): void {
  runDecisionCommand(command, process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`${command.name}: ${(e as Error).message}\n`);
      process.exit(1);
    },
  );
}
