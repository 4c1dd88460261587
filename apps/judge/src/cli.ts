import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { LANGUAGE_NAMES } from '@oj/shared/judging';
import { JudgeConfigError, judgeConfig } from './config.js';
import { findLanguageDefinition } from './languages/toolchains.js';
import { judge } from './pipeline/judge.js';
import { loadProblemPackage, ProblemPackageError } from './problem/load-problem-package.js';

const USAGE = `Usage:
  npm run judge:local -- --problem DIR --source FILE --language NAME [--json] [--judge-header FILE ...]
      (--judge-header: a site-wide judge header such as testlib.h for the checker or interactor compile; a file of
      the same name in the package's root wins)
  npm run judge -- doctor [--server URL]
  npm run judge -- --server URL --token TOKEN [--concurrency N] [--remote [--remote-concurrency N]]
      (online worker; also: worker --server ...; --remote or OJ_JUDGE_REMOTE=true|CF,GYM,... also judges on the
      remote judges, at OJ_REMOTE_CF_URL ...)

Languages: ${LANGUAGE_NAMES.join(', ')}`;

/** Usage and package errors: exit 2, message on stderr, nothing on stdout. */
class UsageError extends Error {}

const log = (message: string) => process.stderr.write(`${message}\n`);

const runLocal = async (args: string[]): Promise<number> => {
  const { values } = parseArgs({
    args,
    options: {
      problem: { type: 'string' },
      source: { type: 'string' },
      language: { type: 'string' },
      json: { type: 'boolean', default: false },
      'judge-header': { type: 'string', multiple: true, default: [] },
    },
    strict: true,
  });
  // A bad setting is refused here, before it could end the judging as a System Error.
  judgeConfig();
  if (!values.problem || !values.source || !values.language)
    throw new UsageError('--problem, --source and --language are required');
  if (!findLanguageDefinition(values.language))
    throw new UsageError(`unknown language "${values.language}" (one of: ${LANGUAGE_NAMES.join(', ')})`);
  let source: string;
  try {
    source = readFileSync(values.source, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read --source: ${(error as Error).message}`);
  }
  const siteHeaders: Record<string, Buffer> = {};
  for (const file of values['judge-header']) {
    try {
      siteHeaders[basename(file)] = readFileSync(file);
    } catch (error) {
      throw new UsageError(`cannot read --judge-header: ${(error as Error).message}`);
    }
  }
  const { problem, manifest } = loadProblemPackage(values.problem);
  for (const checker of [problem.checker, problem.interactor]) if (checker) checker.siteHeaders = siteHeaders;
  log(`Judging ${values.source} (${values.language}) against "${manifest.title}" (${problem.cases.length} cases)`);
  const result = await judge(problem, source, values.language, {
    onProgress: (progress) => {
      if ('case' in progress)
        log(
          `  case ${progress.case.name}: ${progress.case.status} ${progress.case.time} ms ${progress.case.memory} KB${progress.case.message ? ` (${progress.case.message.split('\n')[0]})` : ''}`,
        );
    },
  });
  log(`${result.statusName}, score ${result.score}, ${result.time} ms, ${result.memory} KB`);
  // Exactly one line of JSON, last, on stdout (logs go to stderr), so scripts can read the verdict.
  process.stdout.write(`${JSON.stringify(result)}\n`);
  return 0;
};

const runWorkerCommand = async (args: string[]): Promise<number> => {
  const { values } = parseArgs({
    args,
    options: {
      server: { type: 'string' },
      token: { type: 'string' },
      concurrency: { type: 'string' },
      remote: { type: 'boolean' },
      'remote-concurrency': { type: 'string' },
    },
    strict: true,
  });
  const config = judgeConfig();
  // The embedded worker gets its token through the environment, so it never shows in `ps`.
  const token = values.token ?? config.token;
  if (!values.server || !token) throw new UsageError('--server and --token (or OJ_JUDGE_TOKEN) are required');
  const concurrency = values.concurrency ? Number(values.concurrency) : undefined;
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency > 0))
    throw new UsageError('--concurrency must be a positive integer');
  const remoteConcurrency = Number(values['remote-concurrency'] ?? config.remoteConcurrency);
  if (!(Number.isInteger(remoteConcurrency) && remoteConcurrency > 0))
    throw new UsageError('--remote-concurrency must be a positive integer');
  const { runWorker, remoteSitesOf } = await import('./worker/main.js');
  let remote: ReturnType<typeof remoteSitesOf>;
  try {
    remote = remoteSitesOf(values.remote ? 'true' : config.remote);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  await runWorker({ server: values.server, token, concurrency, remote, remoteConcurrency });
  return 0;
};

const runDoctorCommand = async (args: string[]): Promise<number> => {
  const { values } = parseArgs({ args, options: { server: { type: 'string' } }, strict: true });
  // The doctor and the worker load only for their commands: `local` starts without them (the bundle's chunks,
  // scripts/build-node.mjs).
  const { runDoctor } = await import('./doctor.js');
  return runDoctor((line) => process.stdout.write(`${line}\n`), { server: values.server });
};

const main = async (argv: string[]): Promise<number> => {
  const [command, ...rest] = argv;
  // `--help` (or -h) anywhere, after a command too (`npm run judge:local -- --help`): the usage, and nothing is run.
  if (argv.some((a) => a === '--help' || a === '-h')) {
    log(USAGE);
    return 0;
  }
  try {
    if (command === 'local') return await runLocal(rest);
    if (command === 'doctor') return await runDoctorCommand(rest);
    if (command === 'worker') return await runWorkerCommand(rest);
    if (command?.startsWith('--server') || command?.startsWith('--token')) return await runWorkerCommand(argv);
    if (command === undefined || command === 'help' || command === '--help') {
      log(USAGE);
      return command === undefined ? 2 : 0;
    }
    throw new UsageError(`unknown command "${command}"`);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ProblemPackageError || error instanceof JudgeConfigError) {
      log(`error: ${error.message}`);
      if (error instanceof UsageError) log(USAGE);
      return 2;
    }
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      log(`error: ${(error as Error).message}\n${USAGE}`);
      return 2;
    }
    throw error;
  }
};

process.exitCode = await main(process.argv.slice(2));
