import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireSandbox } from '../test/judge-fixtures.js';
import { HOST_UID_LOCKS_DIR, sandboxUidRange } from './sandbox-users.js';

// Judges on one host draw sandbox uids from one range. Two judges running sandboxes as the same uid see (and
// may kill, or be blamed for) each other's processes, so a uid's lock must be the host's, whatever work root
// (OJ_JUDGE_RUN_ROOT) each judge was given.
const REPO_ROOT = join(import.meta.dirname, '../../../..');
const CLAIMER = join(REPO_ROOT, 'apps/judge/src/test/uid-claimer.ts');
/** Enough uids per judge that two judges with separate locks would all but surely pick some of the same ones
 * (64 of 256 each, from random starting points). */
const PER_JUDGE = 64;

beforeAll(requireSandbox);

describe('sandbox uids of judges with different work roots', () => {
  const roots: string[] = [];
  const claimers: ChildProcess[] = [];

  afterAll(() => {
    for (const child of claimers) child.kill('SIGKILL');
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  /** A judge process with its own work root that claims `count` uids and holds them until its stdin closes. */
  const startClaimer = (count: number) => {
    const root = mkdtempSync(join(tmpdir(), 'oj-uid-root-'));
    roots.push(root);
    const child = spawn(process.execPath, ['--import', 'tsx', CLAIMER, String(count)], {
      cwd: REPO_ROOT,
      env: { ...process.env, OJ_JUDGE_RUN_ROOT: root },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    claimers.push(child);
    const held = new Promise<number[]>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk;
        const line = /holding ([\d ]*)\n/.exec(out)?.[1];
        if (line !== undefined) resolve(line.trim().split(' ').map(Number));
      });
      child.once('exit', (code) => reject(new Error(`the claiming judge exited with ${code} before it held its uids`)));
    });
    return { child, root, held };
  };

  it('never hold the same uid at once, and keep their locks in the host directory', async () => {
    // Started together, so their claims race.
    const a = startClaimer(PER_JUDGE);
    const b = startClaimer(PER_JUDGE);
    const [uidsA, uidsB] = await Promise.all([a.held, b.held]);

    for (const uids of [uidsA, uidsB]) {
      expect(new Set(uids).size).toBe(PER_JUDGE);
      for (const uid of uids) {
        expect(uid).toBeGreaterThanOrEqual(sandboxUidRange().first);
        expect(uid).toBeLessThanOrEqual(sandboxUidRange().last);
      }
    }
    expect(uidsA.filter((uid) => uidsB.includes(uid))).toEqual([]);

    // The locks are in the host's directory, root-only, and none in either work root.
    const dir = statSync(HOST_UID_LOCKS_DIR);
    expect(dir.uid).toBe(0);
    expect(dir.mode & 0o777).toBe(0o700);
    expect(statSync('/run/oj-judge').mode & 0o777).toBe(0o700);
    const lockFiles = readdirSync(HOST_UID_LOCKS_DIR);
    for (const uid of [...uidsA, ...uidsB]) expect(lockFiles).toContain(`${uid}.lock`);
    for (const root of [a.root, b.root]) expect(existsSync(join(root, 'uids'))).toBe(false);

    // A third judge, with yet another work root, while both still hold theirs: none of their uids either.
    const c = startClaimer(PER_JUDGE);
    const uidsC = await c.held;
    expect(uidsC.filter((uid) => uidsA.includes(uid) || uidsB.includes(uid))).toEqual([]);
  });
});
