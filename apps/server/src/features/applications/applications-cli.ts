import { loadConfig } from '../../config.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { setDecision } from './applications-repository.ts';

const USAGE = `usage:
  npm run applications -- set-status <reference_id> approved|rejected
      Record the bank's decision on a submitted application (CW-2026-XXXXXXXX).
Uses DATABASE_URL when set, else the embedded database under DATA_DIR (default ./data);
the embedded database is one process's: stop the server first, or use DATABASE_URL.`;

interface Output {
  write(text: string): unknown;
}

/** Runs one operator command; returns the process exit code. No PII is printed. */
export async function runApplicationsCli(
  argv: string[],
  out: Output = process.stdout,
  err: Output = process.stderr,
  open: () => Promise<Database> = async () => {
    const config = loadConfig();
    return openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  },
): Promise<number> {
  const [command, reference, status] = argv;
  if (command !== 'set-status' || !reference || (status !== 'approved' && status !== 'rejected')) {
    err.write(`${USAGE}\n`);
    return 2;
  }
  if (!/^CW-\d{4}-[0-9A-Z]{8}$/i.test(reference)) {
    err.write(`applications: '${reference}' is not a reference id (CW-2026-XXXXXXXX)\n`);
    return 2;
  }
  const database = await open();
  try {
    await database.migrate();
    const result = await setDecision(database.db, reference, status);
    if (!result.ok) {
      err.write(`applications: ${result.reason}\n`);
      return 1;
    }
    out.write(
      result.previous === status
        ? `${reference.toUpperCase()} is already ${status}\n`
        : `${reference.toUpperCase()}: ${result.previous} → ${status}\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runApplicationsCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`applications: ${(e as Error).message}\n`);
      process.exit(1);
    },
  );
}
