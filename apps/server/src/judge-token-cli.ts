import { ConfigError, loadConfig } from './config.js';
import { say, sayFailure } from './lib/terminal.js';
import { readOrCreateTokenFile, readPreviousToken, rotateTokenFile } from './modules/judge/judge-token.js';

/**
 * `npm run judge-token` shows the judge token of the site named by OJ_DATA_DIR (as `npm start` reads it), and
 * `npm run judge-token -- rotate [--grace-minutes N]` replaces a generated one, keeping the old one accepted for N
 * minutes (60 unless given; 0 refuses it at once). Running servers take the new token within seconds and restart
 * their embedded workers with it; remote workers must be given it (`--token`) before the grace ends
 * (docs/decisions/0037-judge-token-rotation.md, README "Operations"). It answers the person at the terminal in plain
 * text (console), not through the server's logger.
 */
const DEFAULT_GRACE_MINUTES = 60;
const USAGE = 'usage: npm run judge-token   |   npm run judge-token -- rotate [--grace-minutes N]';

class UsageError extends Error {}

const graceOf = (args: string[]) => {
  if (args.length === 0) return DEFAULT_GRACE_MINUTES;
  const [flag, value, ...rest] = args;
  if (flag !== '--grace-minutes' || value === undefined || rest.length) throw new UsageError(USAGE);
  const minutes = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(minutes))
    throw new UsageError(`--grace-minutes must be a whole number of minutes (0 or more), not "${value}"`);
  return minutes;
};

const main = () => {
  const [command, ...args] = process.argv.slice(2);
  if ((command === '--help' || command === '-h') && args.length === 0) {
    say(
      `${USAGE}\n\nWithout a command: prints the judge token workers authenticate with. rotate: a new token in OJ_DATA_DIR; the old one is accepted for N more minutes (${DEFAULT_GRACE_MINUTES} unless given).`,
    );
    return;
  }
  if (command !== undefined && command !== 'rotate') throw new UsageError(USAGE);
  const config = loadConfig();
  if (config.judgeToken) {
    const previous = config.judgeTokenPrevious;
    if (command === 'rotate') {
      throw new UsageError(
        'OJ_JUDGE_TOKEN is set, so the token is not generated: set OJ_JUDGE_TOKEN to the new token, ' +
          'OJ_JUDGE_TOKEN_PREVIOUS to the old one and OJ_JUDGE_TOKEN_PREVIOUS_UNTIL to when the old one stops ' +
          'being accepted (an ISO time such as 2030-01-31T12:00:00Z), and restart the servers',
      );
    }
    say(`Judge token (OJ_JUDGE_TOKEN): ${config.judgeToken}`);
    if (previous) say(`Previous token (OJ_JUDGE_TOKEN_PREVIOUS) accepted until ${previous.until.toISOString()}`);
    return;
  }
  if (command === 'rotate') {
    const grace = graceOf(args);
    const rotated = rotateTokenFile(config.dataDir, grace);
    say(`New judge token in ${config.dataDir}: ${rotated.token}`);
    say(
      rotated.previousUntil
        ? `The old token is accepted until ${rotated.previousUntil.toISOString()}; give remote workers the new one (--token) before then.`
        : 'The old token is refused from now on.',
    );
    if (rotated.cutShort)
      say(`The token before the old one (accepted until ${rotated.cutShort.toISOString()}) is refused from now on.`);
    say('Running servers take the new token within seconds and restart their embedded judge with it.');
    return;
  }
  say(`Judge token (generated, in ${config.dataDir}): ${readOrCreateTokenFile(config.dataDir)}`);
  const previous = readPreviousToken(config.dataDir);
  if (previous && previous.until > new Date()) say(`Previous token accepted until ${previous.until.toISOString()}`);
};

try {
  main();
} catch (err) {
  sayFailure(err, (e): e is Error => e instanceof UsageError || e instanceof ConfigError);
  process.exit(err instanceof UsageError ? 2 : 1);
}
