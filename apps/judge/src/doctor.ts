import { existsSync } from 'node:fs';
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

const ok = (text: string) => `  ok    ${text}`;
const bad = (text: string) => `  FAIL  ${text}`;
const warn = (text: string) => `  warn  ${text}`;

/**
 * `npm run judge -- doctor`: says whether this machine can judge and, if not, the command that fixes it.
 * Returns the process exit code: 0 when judging is possible (at least one language works in a working
 * sandbox), 1 otherwise.
 */
export const runDoctor = async (log: (line: string) => void = console.log): Promise<number> => {
  let fatal = false;
  const apt = new Set<string>();
  log('Judge doctor');
  if (process.getuid?.() !== 0) {
    log(bad('not running as root: the judge needs root to create cgroups and switch to sandbox uids'));
    fatal = true;
  } else log(ok('running as root'));
  if (existsSync(BWRAP_PATH)) log(ok(`bubblewrap at ${BWRAP_PATH}`));
  else {
    log(bad(`bubblewrap missing (${BWRAP_PATH})`));
    apt.add('bubblewrap');
    fatal = true;
  }
  if (existsSync(PRLIMIT_PATH)) log(ok(`prlimit at ${PRLIMIT_PATH}`));
  else {
    log(bad(`prlimit missing (${PRLIMIT_PATH})`));
    apt.add('util-linux');
    fatal = true;
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
          `sandbox uids ${sandboxUidRange.first}-${sandboxUidRange.last}, shared by the judges of this host through locks`,
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
    const probes = await probeLanguages();
    for (const probe of probes) {
      if (probe.available) log(ok(`${probe.name.padEnd(16)} ${Object.values(probe.toolchain ?? {}).join(', ')}`));
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
  if (apt.size > 0) log(`To fix: apt-get install -y ${[...apt].join(' ')}`);
  log(fatal ? 'Judging is NOT possible on this machine.' : 'Judging is possible.');
  return fatal ? 1 : 0;
};
