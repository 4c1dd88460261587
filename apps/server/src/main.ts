import { buildApp } from './app.js';
import { bootstrap, ConfigError } from './bootstrap.js';
import { loadConfig } from './config.js';
import { lockDataDir } from './data-dir-lock.js';
import { openDatabase } from './db/client.js';
import { createServices } from './services.js';

const config = loadConfig();

const main = async () => {
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const services = createServices(database.db);
  const { generatedRootPassword } = await bootstrap(services, { rootPassword: config.rootPassword });
  const app = await buildApp({ services, webDist: config.webDist, logLevel: config.logLevel });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    // Stop taking requests, let those in flight finish, then close the database so PGlite flushes to disk.
    await app.close();
    await database.close();
    unlock();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const db = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`\n  Online judge running at ${url}  (database: ${db})`);
  if (generatedRootPassword) {
    console.log(`  Super admin created: username "root", password "${generatedRootPassword}" (shown only this once)\n`);
  }
};

main().catch((err) => {
  console.error(err instanceof ConfigError ? `Configuration error: ${err.message}` : err);
  process.exit(1);
});
