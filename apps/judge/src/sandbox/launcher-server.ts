import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { PassThrough, Writable } from 'node:stream';

/**
 * Long-lived native launchers (`oj-sandbox --serve`, decision 0032): a judge keeps one per sandbox it runs at
 * once and hands it each run as a request over a pipe, so a run costs no process spawn from Node (a fork of the
 * whole judge process, 1.5-2 ms here). The kept launcher is itself the run's launcher: it clones the sandbox's
 * init with the same code (parse, sandbox_init, attach) as a direct start, so the sandbox is the same; it relays
 * the run's info, stdout and stderr as frames and ends with the exit status.
 *
 * Used for runs whose stdin is a file or nothing and whose stdout is captured (programs, checkers, compiles,
 * the sandbox check); interactive runs, whose pipes the judge connects, start `oj-sandbox` directly.
 *
 * A run looks to the sandbox's supervisor like the child process it replaces: stdio[1..3] are streams fed from
 * the frames, `kill()` asks the launcher to SIGKILL the run's launcher, and `exit`/`error` are emitted.
 */
export class ServedRun extends EventEmitter {
  readonly stdin = null;
  readonly stdio: [null, PassThrough, PassThrough, PassThrough, Writable, Writable];
  private ended = false;

  constructor(private readonly server: LauncherServer) {
    super();
    const sink = () => new Writable({ write: (_chunk, _encoding, done) => done() });
    this.stdio = [null, new PassThrough(), new PassThrough(), new PassThrough(), sink(), sink()];
  }

  kill(): boolean {
    if (!this.ended) this.server.killCurrent();
    return true;
  }

  /** A frame of this run (I: info, O: stdout, E: stderr). */
  deliver(type: number, payload: Buffer): void {
    const stream = type === 0x49 ? this.stdio[3] : type === 0x4f ? this.stdio[1] : this.stdio[2];
    stream.write(payload);
  }

  finish(code: number | null, error?: Error): void {
    if (this.ended) return;
    this.ended = true;
    for (const stream of [this.stdio[1], this.stdio[2], this.stdio[3]]) stream.end();
    // After the streams' data, as a child process's `exit` comes after its output was read.
    setImmediate(() => {
      if (error) this.emit('error', error);
      this.emit('exit', code, null);
    });
  }
}

const FRAME_HEADER = 5;

class LauncherServer {
  private readonly child: ChildProcess;
  private pending: Buffer = Buffer.alloc(0);
  private current: ServedRun | undefined;
  dead = false;

  constructor(path: string, seccompFilter: Buffer) {
    this.child = spawn(path, ['--serve'], { env: {}, stdio: ['pipe', 'pipe', 'inherit', 'pipe'] });
    const filter = this.child.stdio[3] as Writable;
    filter.on('error', () => {});
    filter.end(seccompFilter);
    this.child.stdin!.on('error', () => {});
    this.child.stdout!.on('data', (chunk: Buffer) => this.onData(chunk));
    this.child.on('error', () => this.die());
    this.child.on('exit', () => this.die());
    this.setReferenced(false);
  }

  /** An idle launcher must not keep `judge:local` alive; a busy one must, until its run is over. */
  private setReferenced(referenced: boolean) {
    for (const handle of [this.child, this.child.stdin as Socket | null, this.child.stdout as Socket | null]) {
      if (referenced) handle?.ref();
      else handle?.unref();
    }
  }

  private die() {
    if (this.dead) return;
    this.dead = true;
    const run = this.current;
    this.current = undefined;
    run?.finish(null, new Error('the sandbox launcher ended during the run'));
  }

  run(args: string[], inputPath: string | undefined): ServedRun {
    const run = new ServedRun(this);
    this.current = run;
    this.setReferenced(true);
    const payload = Buffer.from([inputPath ?? '', ...args].join('\0'));
    const header = Buffer.alloc(FRAME_HEADER);
    header.write('R', 0);
    header.writeUInt32LE(payload.length, 1);
    this.child.stdin!.write(Buffer.concat([header, payload]));
    return run;
  }

  killCurrent(): void {
    if (!this.dead) this.child.stdin!.write('K');
  }

  private onData(chunk: Buffer) {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    while (this.pending.length >= FRAME_HEADER) {
      const length = this.pending.readUInt32LE(1);
      if (this.pending.length < FRAME_HEADER + length) break;
      const type = this.pending[0];
      const payload = this.pending.subarray(FRAME_HEADER, FRAME_HEADER + length);
      this.pending = this.pending.subarray(FRAME_HEADER + length);
      const run = this.current;
      if (type === 0x58 /* X */) {
        this.current = undefined;
        this.setReferenced(false);
        idle.push(this);
        run?.finish(payload.readInt32LE(0));
      } else run?.deliver(type, Buffer.from(payload));
    }
  }
}

const idle: LauncherServer[] = [];

/** Starts a run on an idle launcher of this judge, or on a new one. */
export const runServed = (
  path: string,
  seccompFilter: Buffer,
  args: string[],
  inputPath: string | undefined,
): ServedRun => {
  let server = idle.pop();
  while (server?.dead) server = idle.pop();
  return (server ?? new LauncherServer(path, seccompFilter)).run(args, inputPath);
};
