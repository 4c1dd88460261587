import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { ConfigError, loadConfig, loadSmtpEnv, REPO_ROOT } from './config.js';
import { lockDataDir } from './data-dir-lock.js';
import { openDatabase } from './db/client.js';
import { logger } from './lib/logger.js';
import { setPasswordCost } from './lib/password.js';
import { say, sayFailure } from './lib/terminal.js';
import { type JudgeToken, loadJudgeToken } from './modules/judge/judge-token.js';

const log = logger.child({ module: 'server' });

const SWEEP_INTERVAL_MS = 5_000;
/** How long the start waits for the embedded judge to declare its languages before announcing the site anyway. */
const JUDGE_READY_TIMEOUT_MS = 60_000;

/**
 * Resolves once a judge heard from since `since` has declared a language (true), or after `timeoutMs` (false).
 * On a first start nothing is on offer until then (a submit is refused with languageNotOffered, decision 0018); on
 * later starts the languages judges declared stay on offer and a submit waits as Pending (decision 0036).
 */
const waitForJudge = async (judges: () => Promise<{ languages: string[]; lastHeartbeat: Date }[]>, since: Date) => {
  const deadline = Date.now() + JUDGE_READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const rows = await judges().catch(() => []);
    if (rows.some((j) => j.lastHeartbeat >= since && j.languages.length > 0)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
};

/** How often the server looks whether the judge token was rotated, to restart its embedded worker with the new one. */
const TOKEN_CHECK_INTERVAL_MS = 5_000;

/**
 * The embedded judge worker: a child process speaking the same HTTP protocol as a remote one. It dies with this
 * process: the IPC channel is its lifeline, and the worker exits (killing its runs) the moment the channel
 * closes, which the kernel does even when this process is killed with SIGKILL. When the judge token is rotated
 * (`npm run judge-token -- rotate`), the worker is stopped as by SIGTERM (it finishes or hands back its tasks,
 * while the old token is still accepted) and started again at once with the new token.
 */
/** The judge worker's command line: its bundle beside this server's when the server runs built (scripts/build-node.mjs,
 * as `npm start` runs it), else its TypeScript through tsx. */
const JUDGE_ENTRY = import.meta.url.endsWith('.ts')
  ? ['--import', 'tsx', path.join(REPO_ROOT, 'apps/judge/src/cli.ts')]
  : [path.join(REPO_ROOT, 'apps/judge/dist/cli.js')];

const startEmbeddedJudge = (url: string, judgeToken: JudgeToken, cacheDir: string) => {
  let child: ChildProcess | undefined;
  let stopping = false;
  let token = judgeToken.current();
  let restarting = false;
  const start = () => {
    token = judgeToken.current();
    child = spawn(process.execPath, [...JUDGE_ENTRY, 'worker', '--server', url], {
      cwd: REPO_ROOT,
      // The embedded worker judges on the remote judges too unless OJ_JUDGE_REMOTE=false (decision 0030).
      env: {
        ...process.env,
        OJ_JUDGE_TOKEN: token,
        OJ_JUDGE_CACHE_DIR: cacheDir,
        OJ_JUDGE_REMOTE: process.env.OJ_JUDGE_REMOTE ?? 'true',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // The channel carries no messages; it must not keep this process alive on its own.
    child.channel?.unref();
    child.on('exit', (code, signal) => {
      if (stopping) return;
      if (restarting) {
        restarting = false;
        start();
        return;
      }
      log.error(`judge worker exited (${signal ?? code}); restarting in 5 s`);
      setTimeout(start, 5_000).unref();
    });
  };
  start();
  const rotation = setInterval(() => {
    if (restarting || judgeToken.current() === token) return;
    log.info('the judge token was rotated: restarting the embedded judge worker with the new one');
    restarting = true;
    child?.kill('SIGTERM');
  }, TOKEN_CHECK_INTERVAL_MS);
  rotation.unref();
  return () => {
    stopping = true;
    clearInterval(rotation);
    child?.kill('SIGTERM');
  };
};

/** A start that fails tells the person who started it, on the terminal. */
const failed = (err: unknown) => {
  sayFailure(err, (e): e is Error => e instanceof ConfigError, 'Configuration error: ');
  process.exit(1);
};

const main = async () => {
  const config = loadConfig();
  setPasswordCost(config.passwordCost);
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  // The rest of the server (its services, its routes: most of its code) is loaded, and its routes registered, while
  // the database opens: the embedded one on a thread of its own (db/pglite-thread.ts), PostgreSQL over the network.
  const opening = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  opening.catch(() => {}); // A failure is thrown by the await below, not reported as unhandled before it.
  const [{ remoteAdapters, remoteJudgeConfigFromEnv }, { buildApp }, { bootstrap }, { createServices }] =
    await Promise.all([
      import('@oj/remote-judge'),
      import('./app.js'),
      import('./bootstrap.js'),
      import('./services.js'),
    ]);
  const database = await opening;
  // An embedded database that cannot open ends the start as soon as that is known (the services below ask it things
  // on their own, which would fail one by one).
  database.opened.catch(failed);
  // The remote judges' addresses (OJ_REMOTE_CF_URL ...): the importer asks them; the workers have their own.
  const services = createServices(database.db, {
    dataDir: config.dataDir,
    bus: database.bus,
    remoteSites: remoteAdapters(remoteJudgeConfigFromEnv()),
    judgeLanguages: {
      waitMinutes: config.judgeLanguageWaitMinutes,
      forgetDays: config.judgeLanguageForgetDays,
      waitNoticeSeconds: config.judgeWaitNoticeSeconds,
    },
  });
  // Under the start lock: a second instance starting at once waits, then finds the site seeded. The seeding's
  // statements go to the database (an embedded one runs them once it is open) while the routes are registered.
  const seeding = database.exclusive(() =>
    bootstrap(services, {
      rootPassword: config.rootPassword,
      samplesDir: path.join(REPO_ROOT, 'samples/problems'),
      smtp: loadSmtpEnv(),
    }),
  );
  seeding.catch(() => {}); // A failure is thrown by the await below, not reported as unhandled before it.
  const judgeToken = loadJudgeToken({
    configured: config.judgeToken ? { token: config.judgeToken, previous: config.judgeTokenPrevious } : undefined,
    dataDir: config.dataDir,
  });
  const app = await buildApp({
    services,
    webDist: config.webDist,
    logLevel: config.logLevel,
    judgeToken,
    metricsToken: config.metricsToken,
    trustProxy: config.trustProxy,
  });

  const { generatedRootPassword, importedSamples } = await seeding;
  // A site without testlib.h fetches it once from OJ_TESTLIB_URL, beside the start: a failure is logged, never fatal.
  if (config.testlibUrl) void services.judgeHeaders.downloadTestlib(config.testlibUrl);

  const sweeper = setInterval(() => {
    services.queue.requeueExpired().catch((err) => app.log.error({ err }, 'lease sweep failed'));
    // Contest ratings due (a rated contest that ended, or one judged again): computed once across instances.
    services.ratings.sweep().catch((err) => app.log.error({ err }, 'rating computation failed'));
    // Homework messages (an assignment opened, one due tomorrow): each sent once across instances.
    services.homework.sweep().catch((err) => app.log.error({ err }, 'homework messages failed'));
    // Review messages that waited for their contests to end: each sent once across instances.
    services.reviews.sweep().catch((err) => app.log.error({ err }, 'review messages failed'));
    // Import jobs whose package task ended without their finish (a server stopped between, a task failed for good).
    services.importJobs.sweep().catch((err) => app.log.error({ err }, 'import job sweep failed'));
  }, SWEEP_INTERVAL_MS);
  // Unreferenced test data, deleted images and stale temporary uploads: now, then every 10 minutes.
  const stopCollector = services.storageCollector.start({
    onError: (err) => app.log.error({ err }, 'storage collection failed'),
    onCollected: (report) => app.log.info({ report }, 'storage collected'),
  });
  // Copy-detection checks queued on any instance: claimed and run here one at a time (decision 0047).
  const stopPlagiarism = services.plagiarismRunner.start({
    onError: (err) => app.log.error({ err }, 'copy detection runner failed'),
  });
  let stopJudge = () => {};

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    clearInterval(sweeper);
    // A collection under way ends before the database closes.
    const collectorStopped = stopCollector();
    stopJudge();
    // A check in progress goes back to the queue for another instance (or this one's next start).
    await stopPlagiarism();
    // Readiness answers 503 (a balancer stops sending work here) and the judges' long polls answer empty at once,
    // so their workers poll another instance; then stop taking requests, let those in flight finish (Fastify's
    // close), and close the database so PGlite flushes to disk.
    services.health.markStopping();
    services.queue.releaseLongPolls();
    await app.close();
    await collectorStopped;
    await database.close();
    unlock();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  // The embedded worker speaks HTTP, so the server listens first; the site is announced once the worker has
  // declared its languages (or after the timeout), so a submit right after the announcement is accepted.
  const judgeSince = new Date();
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  if (config.embeddedJudge) {
    stopJudge = startEmbeddedJudge(
      `http://127.0.0.1:${config.port}`,
      judgeToken,
      path.join(config.dataDir, 'judge-cache'),
    );
    if (!(await waitForJudge(() => services.queue.listJudges(), judgeSince)) && !stopping)
      log.error(`the embedded judge declared no language within ${JUDGE_READY_TIMEOUT_MS / 1000} s`);
  }
  if (stopping) return;
  const db = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  // Plain text on the terminal, not a log line: for the person who started the server. One write: whoever waits for
  // "running at" (a script, a test) reads the whole announcement with it.
  const announcement = [`\n  Online judge running at ${url}  (database: ${db})`];
  if (importedSamples.length) announcement.push(`  Imported sample problems: ${importedSamples.join(', ')}`);
  if (generatedRootPassword) {
    announcement.push(
      `  Super admin created: username "root", password "${generatedRootPassword}" (shown only this once)\n`,
    );
  }
  say(...announcement);
};

main().catch(failed);
