import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { bootstrapDatabase } from './db/bootstrap.ts';
import { listenFailure, StartupError } from './startup-error.ts';

// Only listens: everything else is built in app.ts so tests can inject without a socket.
// A reason not to start that the operator fixes (a setting, the database in use or out of reach,
// the port taken) is printed alone, not inside a stack trace.
async function startUp<T>(step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (e) {
    if (!(e instanceof StartupError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
}
const config = await startUp(() => loadConfig());
const database = await startUp(() => bootstrapDatabase(config, (msg) => console.log(msg)));
const app = await buildApp({ config, database });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await startUp(() =>
  app.listen({ port: config.port, host: config.host }).catch(async (err: unknown) => {
    const failure = listenFailure(err, config.host, config.port);
    if (!failure) throw err;
    // Let go of the database first: the embedded one's lock would outlive an abrupt exit.
    await app.close();
    await database.close();
    throw failure;
  }),
);
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
console.log(`listening on http://127.0.0.1:${port} (database: ${database.kind}, data: ${config.dataDir})`);
