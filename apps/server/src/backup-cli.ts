import { ConfigError, loadConfig } from './config.js';
import { say, sayError, sayFailure } from './lib/terminal.js';
import { BackupError, backup, restore } from './modules/ops/backup.js';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` (README "Operations"): the site named by OJ_DATA_DIR
 * and DATABASE_URL, as `npm start` reads them. It answers the person at the terminal in plain text (lib/terminal.ts),
 * not through the server's logger.
 */
const main = async () => {
  const [command, file, ...rest] = process.argv.slice(2);
  const usage = 'usage: npm run backup -- <file.tar.gz>   |   npm run restore -- <file.tar.gz>';
  if (file === '--help' || file === '-h') {
    say(
      `${usage}\n\nThe site named by OJ_DATA_DIR and DATABASE_URL, as npm start reads them: backup writes its database and files to the archive; restore puts an archive back (README.md, Operations).`,
    );
    return;
  }
  if ((command !== 'backup' && command !== 'restore') || !file || rest.length) {
    sayError(usage);
    process.exit(2);
  }
  const config = loadConfig();
  const site = { dataDir: config.dataDir, databaseUrl: config.databaseUrl, file };
  const where = `${config.dataDir}${config.databaseUrl ? ' and the PostgreSQL database of DATABASE_URL' : ''}`;
  if (command === 'backup') {
    await backup(site);
    say(`Backed up ${where} to ${file}`);
  } else {
    await restore(site);
    say(`Restored ${file} into ${where}; start the server with the same OJ_DATA_DIR and DATABASE_URL`);
  }
};

main().catch((err) => {
  sayFailure(err, (e): e is Error => e instanceof BackupError || e instanceof ConfigError);
  process.exit(1);
});
