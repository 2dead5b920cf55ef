import type { Config } from '../config.ts';
import { seedDemoCatalog } from '../features/catalog/seed-demo.ts';
import { type Database, openDatabase } from './client.ts';

/** Open the configured database, apply every migration, seed an empty one or bring its demo catalogue up to date. */
export async function bootstrapDatabase(
  config: Config,
  log: (msg: string) => void = () => {},
): Promise<Database> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    await seedDemoCatalog(database.db, log);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
