import { MIB, runSandbox } from './sandbox.js';

export interface SandboxFacts {
  uid: number;
  /** The shell's pid inside: small in a fresh pid namespace (bwrap's init is 1). */
  pid: number;
  capEff: string;
  seccompMode: number;
  noNewPrivs: boolean;
  networkInterfaces: string[];
}

export interface SandboxCheck {
  inForce: boolean;
  problems: string[];
  facts?: SandboxFacts;
}

/**
 * Runs a shell inside the sandbox and reads what the kernel says about it. Hostile programs are run only when
 * every property holds: non-root uid, own pid namespace, no capabilities, seccomp filter on,
 * no network besides its own loopback.
 */
export const checkSandbox = async (): Promise<SandboxCheck> => {
  let result: Awaited<ReturnType<typeof runSandbox>>;
  try {
    result = await runSandbox({
      argv: ['/bin/sh', '-c', 'cat /proc/self/status; echo "pid: $$"; echo "--- net"; cat /proc/net/dev'],
      workDir: { kind: 'tmpfs', sizeBytes: MIB },
      stdin: { kind: 'none' },
      stdout: { kind: 'capture', limitBytes: MIB },
      stderrLimitBytes: MIB,
      cpuLimitMs: 5000,
      wallLimitMs: 15000,
      memoryLimitBytes: 64 * MIB,
      stackLimitBytes: 8 * MIB,
      pidsMax: 8,
      fileSizeLimitBytes: MIB,
      openFilesMax: 32,
    });
  } catch (error) {
    return { inForce: false, problems: [(error as Error).message] };
  }
  if (result.setupError) return { inForce: false, problems: [result.setupError] };
  const text = result.stdout.toString('utf8');
  const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(text)?.[1]?.trim() ?? '';
  const facts: SandboxFacts = {
    uid: Number(field('Uid').split(/\s+/)[1] ?? Number.NaN),
    pid: Number(field('pid')),
    capEff: field('CapEff'),
    seccompMode: Number(field('Seccomp')),
    noNewPrivs: field('NoNewPrivs') === '1',
    networkInterfaces: [...(text.split('--- net')[1] ?? '').matchAll(/^\s*([\w.-]+):\s+\d+/gm)].map((m) => m[1]),
  };
  const problems: string[] = [];
  if (!(facts.uid > 0)) problems.push(`programs run as uid ${facts.uid} (must be non-root)`);
  if (!(facts.pid > 0 && facts.pid < 10)) problems.push(`no own pid namespace (shell pid ${facts.pid})`);
  if (!/^0+$/.test(facts.capEff)) problems.push(`capabilities present (CapEff ${facts.capEff})`);
  if (facts.seccompMode !== 2) problems.push(`seccomp filter not active (Seccomp ${facts.seccompMode})`);
  if (!facts.noNewPrivs) problems.push('no_new_privs not set');
  if (facts.networkInterfaces.some((name) => name !== 'lo'))
    problems.push(`network interfaces visible: ${facts.networkInterfaces.join(', ')}`);
  return { inForce: problems.length === 0, problems, facts };
};
