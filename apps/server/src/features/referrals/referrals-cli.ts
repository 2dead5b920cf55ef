import { loadConfig } from '../../config.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { REFERENCE_PATTERN, referralsRepository } from './referrals-repository.ts';

const USAGE = `usage:
  npm run referrals -- set-status <application_reference> approved|rejected
      Record the outcome of a cashback claim (CB-2026-XXXXXXXX) once the bank has
      confirmed or refused the application its proof shows.
Uses DATABASE_URL when set, else the embedded database under DATA_DIR (default ./data);
the embedded database is one process's: stop the server first, or use DATABASE_URL.`;

interface Output {
  write(text: string): unknown;
}

/** Runs one operator command; returns the process exit code. No PII is printed. */
export async function runReferralsCli(
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
  if (!REFERENCE_PATTERN.test(reference.toUpperCase())) {
    err.write(`referrals: '${reference}' is not an application reference (CB-2026-XXXXXXXX)\n`);
    return 2;
  }
  const database = await open();
  try {
    await database.migrate();
    const result = await referralsRepository(database.db).setDecision(reference, status);
    if (!result.ok) {
      err.write(`referrals: ${result.reason}\n`);
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
  runReferralsCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`referrals: ${(e as Error).message}\n`);
      process.exit(1);
    },
  );
}
