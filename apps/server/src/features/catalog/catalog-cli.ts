import { readFile, writeFile } from 'node:fs/promises';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { seedTenants } from '../tenants/seed-tenants.ts';
import { type CatalogSource, digestOf } from './catalog-source.ts';
import { exportCatalog } from './export-catalog.ts';
import { importCatalog } from './import-catalog.ts';
import { readDemoCatalog } from './seed-demo.ts';

const USAGE = `usage:
  npm run catalog -- import <file.json>     validate and upsert a catalogue (all or nothing)
  npm run catalog -- export [file.json]     write the catalogue (stdout when no file)
Uses DATABASE_URL when set, else the embedded database under DATA_DIR (default ./data).`;

/** Runs one catalogue command; returns the process exit code. */
interface Output {
  write(text: string): unknown;
}

export async function runCatalogCli(
  argv: string[],
  out: Output = process.stdout,
  err: Output = process.stderr,
): Promise<number> {
  const [command, file, ...extra] = argv;
  if (command === '--help' || command === '-h' || command === 'help') {
    out.write(`${USAGE}\n`);
    return 0;
  }
  if (command !== 'import' && command !== 'export') {
    err.write(`${USAGE}\n`);
    return 2;
  }
  if (command === 'import' && !file) {
    err.write(`catalog import: a file is required\n${USAGE}\n`);
    return 2;
  }
  // `import a.json b.json` used to import a.json alone and report success: refuse what is not read.
  if (extra.length > 0) {
    err.write(
      `catalog ${command}: unexpected argument${extra.length > 1 ? 's' : ''} ${extra.join(' ')}\n${USAGE}\n`,
    );
    return 2;
  }
  let input: unknown;
  let source: CatalogSource | undefined;
  if (command === 'import' && file) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      err.write(`catalog import: cannot read ${file}: ${(e as Error).message}\n`);
      return 1;
    }
    // The demo catalogue imported by hand is the demo again: start-up keeps it at the shipped
    // version. Any other file is the operator's, which start-up never touches (seed-demo.ts).
    // A deployment without the demo file imports its own files all the same.
    const digest = digestOf(text);
    const demoDigest = await readDemoCatalog().then(
      (demo) => demo.digest,
      () => null,
    );
    source = { kind: digest === demoDigest ? 'demo' : 'file', digest };
    try {
      input = JSON.parse(text);
    } catch (e) {
      err.write(`catalog import: ${file} is not valid JSON: ${(e as Error).message}\n`);
      return 1;
    }
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    if (command === 'export') {
      const json = `${JSON.stringify(await exportCatalog(database.db), null, 1)}\n`;
      if (file) await writeFile(file, json);
      else out.write(json);
      return 0;
    }
    const result = await importCatalog(database.db, input, source);
    if (!result.ok) {
      err.write(
        `catalog import: ${file} was rejected; nothing was written. ${result.errors.length} problem(s):\n`,
      );
      for (const e of result.errors) err.write(`  ${e.path || '(root)'}: ${e.message}\n`);
      return 1;
    }
    await seedTenants(database.db);
    const c = result.counts;
    out.write(`imported ${c.cards} cards, ${c.banks} banks, ${c.tags} tags, ${c.categories} categories\n`);
    if (result.retired.length)
      out.write(
        `retired ${result.retired.length} card(s) this demo version no longer lists: ${result.retired.join(', ')}\n`,
      );
    out.write(
      source?.kind === 'demo'
        ? 'this is the demo catalogue: each start brings it to the version the code ships\n'
        : 'start-up will leave this catalogue as it is (it no longer follows the demo catalogue)\n',
    );
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * Exits once stdout and stderr have been handed to the OS. Writes to a pipe are asynchronous in
 * Node: `process.exit` right after `export` cut `npm run catalog -- export | jq` at 64 KiB.
 */
function exitAfterFlush(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCatalogCli(process.argv.slice(2)).then(exitAfterFlush, (e: unknown) => {
    process.stderr.write(`catalog: ${(e as Error).message}\n`);
    exitAfterFlush(1);
  });
}
