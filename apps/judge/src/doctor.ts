import { existsSync } from 'node:fs';
import { health } from '@oj/shared';
import { type JudgeConfig, judgeConfig } from './config.js';
import { probeLanguages } from './languages/available-languages.js';
import { aptPackageFor, findLanguageDefinition, resolveLanguage } from './languages/toolchains.js';
import { buildCacheRoot } from './pipeline/build-cache.js';
import { readyPrecompiledHeader } from './pipeline/precompiled-headers.js';
import { favorCgroupDynmods } from './sandbox/cgroup-favor-dynmods.js';
import { FLOCK_PATH } from './sandbox/file-lock.js';
import { judgeInstance } from './sandbox/judge-instance.js';
import { BWRAP_PATH, PRLIMIT_PATH, prepareSandboxHost, sandboxMechanism } from './sandbox/sandbox.js';
import { checkSandbox } from './sandbox/sandbox-check.js';
import { sandboxUidRange } from './sandbox/sandbox-users.js';
import { remoteSitesOf } from './worker/main.js';
import { REMOTE_MAX_POLLS, REMOTE_POLL_INTERVAL_MS } from './worker/remote-runner.js';

const ok = (text: string) => `  ok    ${text}`;
const bad = (text: string) => `  FAIL  ${text}`;
const warn = (text: string) => `  warn  ${text}`;

/** The effective configuration, one variable a line; the token is a secret: only whether it is set. */
const configurationLines = (c: JudgeConfig): string[] =>
  (
    [
      ['OJ_JUDGE_TOKEN', c.token === undefined ? '(unset)' : '(set, not shown)'],
      ['OJ_JUDGE_RUN_ROOT', c.runRoot],
      ['OJ_JUDGE_BUILD_CACHE_DIR', c.buildCacheDir],
      ['OJ_JUDGE_PCH', onOff(c.precompiledHeaders)],
      ['OJ_JUDGE_COMPILE_CACHE', onOff(c.compileCache)],
      ['OJ_JUDGE_COMPILE_CACHE_MB', c.compileCacheMb],
      ['OJ_JUDGE_COMPILE_CACHE_DAYS', c.compileCacheDays],
      ['OJ_JUDGE_CASE_CONCURRENCY', c.caseConcurrency],
      ['OJ_JUDGE_CGROUP_PARENT', c.cgroupParent],
      ['OJ_JUDGE_UID_BASE', c.uidBase],
      ['OJ_JUDGE_UID_COUNT', c.uidCount],
      ['OJ_JUDGE_NATIVE_SANDBOX', onOff(c.nativeSandbox)],
      ['OJ_JUDGE_LAUNCHER_SERVER', onOff(c.launcherServer)],
      ['OJ_JUDGE_FAVOR_DYNMODS', onOff(c.favorDynmods)],
      ['OJ_JUDGE_CACHE_DIR', c.cacheDir],
      ['OJ_JUDGE_STOP_GRACE_MS', c.stopGraceMs],
      ['OJ_JUDGE_LANGUAGES', c.languages?.join(', ') ?? '(every working language)'],
      ['OJ_JUDGE_REMOTE', c.remote ?? '(unset)'],
      ['OJ_JUDGE_REMOTE_CONCURRENCY', c.remoteConcurrency],
      ['OJ_REMOTE_POLL_INTERVAL_MS', c.remotePollIntervalMs ?? REMOTE_POLL_INTERVAL_MS],
      ['OJ_REMOTE_MAX_POLLS', c.remoteMaxPolls ?? REMOTE_MAX_POLLS],
    ] as const
  ).map(([name, value]) => `  ${name.padEnd(30)}${value}`);

const onOff = (on: boolean) => (on ? 'on' : 'off (0)');

/** Whether the server answers its health check, in a sentence. */
const serverCheck = async (server: string): Promise<{ ok: boolean; text: string }> => {
  const url = `${server.replace(/\/+$/, '')}${health.health.path}`;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (res.ok) return { ok: true, text: `server ${server} reachable (${url} answered ${res.status})` };
    return { ok: false, text: `server ${server} answered ${res.status} ${res.statusText} to ${url}` };
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
    return { ok: false, text: `server ${server} not reachable: ${cause}` };
  }
};

/**
 * `npm run judge -- doctor [--server URL]`: prints the effective configuration and says whether this machine can
 * judge and, if not, the command that fixes it; with `--server`, whether that server answers. Returns the process
 * exit code: 0 when judging is possible (at least one language works in a working sandbox, and the server answers
 * when one is given), 1 otherwise.
 */
export const runDoctor = async (
  log: (line: string) => void = console.log,
  options: { server?: string } = {},
): Promise<number> => {
  let fatal = false;
  const apt = new Set<string>();
  log('Judge doctor');
  let config: JudgeConfig;
  try {
    config = judgeConfig();
  } catch (error) {
    log(bad(`configuration: ${(error as Error).message}`));
    log('Judging is NOT possible on this machine.');
    return 1;
  }
  log('Configuration (from the environment):');
  for (const line of configurationLines(config)) log(line);
  if (options.server) log(`  ${'--server'.padEnd(30)}${options.server}`);
  log('Checks:');
  if (process.getuid?.() !== 0) {
    log(bad('not running as root: the judge needs root to create cgroups and switch to sandbox uids'));
    fatal = true;
  } else log(ok('running as root'));
  // bubblewrap and prlimit start the sandboxes only where the native launcher cannot be built (the host setup
  // below fails then, naming the one missing).
  if (existsSync(BWRAP_PATH)) log(ok(`bubblewrap at ${BWRAP_PATH}`));
  else {
    log(warn(`bubblewrap missing (${BWRAP_PATH}): needed when the native launcher is not used`));
    apt.add('bubblewrap');
  }
  if (existsSync(PRLIMIT_PATH)) log(ok(`prlimit at ${PRLIMIT_PATH}`));
  else {
    log(warn(`prlimit missing (${PRLIMIT_PATH}): needed when the native launcher is not used`));
    apt.add('util-linux');
  }
  if (existsSync(FLOCK_PATH)) log(ok(`flock at ${FLOCK_PATH}`));
  else {
    log(bad(`flock missing (${FLOCK_PATH})`));
    apt.add('util-linux');
    fatal = true;
  }
  if (process.pid === 1)
    log(warn('the judge is PID 1: exited sandbox helpers are never reaped; run the container with --init'));

  if (!fatal) {
    try {
      const backend = prepareSandboxHost();
      log(ok(`cgroup v${backend.version} writable; this judge's run directories in ${judgeInstance().runDir}`));
      const mechanism = sandboxMechanism();
      if (mechanism.native) log(ok(`sandbox launcher: native, ${mechanism.path}`));
      else log(warn(`sandbox launcher: bubblewrap behind prlimit, slower (native launcher: ${mechanism.reason})`));
      const favor = favorCgroupDynmods();
      if (favor.on) log(ok(`cgroup attach without RCU wait: favordynmods on ${favor.mountPoint}`));
      else log(warn(`cgroup attach may wait 5-25 ms per run (favordynmods off: ${favor.reason})`));
      log(
        ok(
          `sandbox uids ${sandboxUidRange().first}-${sandboxUidRange().last}, shared by the judges of this host through locks`,
        ),
      );
    } catch (error) {
      log(bad(`sandbox host setup: ${(error as Error).message}`));
      fatal = true;
    }
  }
  if (!fatal) {
    const check = await checkSandbox();
    if (check.inForce)
      log(
        ok(
          `sandbox in force: uid ${check.facts!.uid}, own pid namespace, no capabilities, seccomp on, network: ${check.facts!.networkInterfaces.join(', ') || 'none'}`,
        ),
      );
    else {
      for (const problem of check.problems) log(bad(`sandbox: ${problem}`));
      log(
        '        (unprivileged user namespaces must be allowed: sysctl kernel.unprivileged_userns_clone=1, or on Ubuntu kernel.apparmor_restrict_unprivileged_userns=0)',
      );
      fatal = true;
    }
  }
  if (!fatal) {
    log('Languages (hello world compiled and run in the sandbox):');
    const probes = await probeLanguages({ fresh: true });
    for (const probe of probes) {
      if (probe.available) log(ok(`${probe.name.padEnd(16)} ${Object.values(probe.toolchain ?? {}).join(', ')}`));
      else if (probe.leftOut) log(`        ${probe.name.padEnd(16)} ${probe.reason}`);
      else {
        log(warn(`${probe.name.padEnd(16)} not offered: ${probe.reason}`));
        const pkg = aptPackageFor(probe.name);
        if (pkg && !pkg.includes(' ')) apt.add(pkg);
        else if (pkg) log(`        ${pkg}`);
      }
    }
    const withHeader = probes.filter(
      (probe) => probe.available && findLanguageDefinition(probe.name)?.precompiledHeader,
    );
    if (withHeader.length > 0) {
      const built = withHeader.filter((probe) => {
        const resolution = resolveLanguage(probe.name);
        return resolution.ok && readyPrecompiledHeader(resolution.language) !== undefined;
      });
      const missing = withHeader.filter((probe) => !built.includes(probe));
      log(
        ok(
          `build cache ${buildCacheRoot()}: precompiled headers ${built.length > 0 ? `built for ${built.map((p) => p.name).join(', ')}` : 'not built yet'}${missing.length > 0 ? `; ${missing.map((p) => p.name).join(', ')} on first use` : ''}`,
        ),
      );
    }
    if (!probes.some((probe) => probe.available)) {
      log(bad('no language works: nothing can be judged'));
      fatal = true;
    }
  }
  // Last, so that a problem here does not hide the host's.
  try {
    const sites = Object.keys(remoteSitesOf(config.remote));
    log(ok(sites.length > 0 ? `remote judging on ${sites.join(', ')}` : 'remote judging off'));
  } catch (error) {
    log(bad(`remote judging: ${(error as Error).message}`));
    fatal = true;
  }
  if (options.server) {
    const server = await serverCheck(options.server);
    log(server.ok ? ok(server.text) : bad(server.text));
    if (!server.ok) fatal = true;
  }
  if (apt.size > 0) log(`To fix: apt-get install -y ${[...apt].join(' ')}`);
  log(fatal ? 'Judging is NOT possible on this machine.' : 'Judging is possible.');
  return fatal ? 1 : 0;
};
