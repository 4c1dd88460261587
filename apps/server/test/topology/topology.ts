/**
 * A real topology on this machine: server instances as `npm start` runs them (`node --import tsx
 * apps/server/src/main.ts`, OJ_EMBEDDED_JUDGE=false) on one PostgreSQL database and one OJ_DATA_DIR, behind
 * Debian's nginx (a child process with a generated configuration, round robin over the instances), and standalone
 * judge workers connected through nginx with the judge token. Used by the scale-out check (run.ts) and the load
 * bench (bench/load.ts).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROLE_IDS } from '@oj/shared';
import pg from 'pg';
import { REPO_ROOT } from '../../src/config.js';
import { hashPassword } from '../../src/lib/password.js';
import type { AppServices } from '../../src/services.js';
import { BUILT } from '../programs.js';

export const JUDGE_TOKEN = `topology-${crypto.randomBytes(8).toString('hex')}`;
export const ROOT_PASSWORD = 'topology-root-1';

/** An empty database on the PostgreSQL server of `adminUrl` (nothing migrated: the servers do it), and its drop. */
export const emptyDatabase = async (adminUrl: string, prefix = 'oj_topology') => {
  const name = `${prefix}_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const d = new pg.Client({ connectionString: adminUrl });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    },
  };
};

export const hasNginx = () => spawnSync('sh', ['-c', 'command -v nginx'], { stdio: 'ignore' }).status === 0;

interface Proc {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

const spawnProc = (args: string[], env: Record<string, string>, onLine?: (line: string) => void): Proc => {
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const take = (d: Buffer) => {
    const text = d.toString();
    output = (output + text).slice(-20_000);
    if (onLine) for (const line of text.split('\n')) if (line) onLine(line);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
};

const kill = async (p: Proc | undefined, signal: NodeJS.Signals) => {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill(signal);
  await p.exited;
};

export interface TopologyOptions {
  databaseUrl: string;
  /** nginx listens here; server i on basePort + 1 + i. */
  basePort: number;
  servers: number;
  judges: number;
  judgeConcurrency?: number;
  /** Extra environment of the servers. */
  serverEnv?: Record<string, string>;
  /** Lines of the processes' output (the log of a run). */
  log?: (line: string) => void;
}

export const startTopology = async (o: TopologyOptions) => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-topology-'));
  const dataDir = path.join(work, 'data');
  const nginxDir = path.join(work, 'nginx');
  fs.mkdirSync(dataDir);
  fs.mkdirSync(nginxDir);
  const serverPorts = Array.from({ length: o.servers }, (_, i) => o.basePort + 1 + i);
  const url = `http://127.0.0.1:${o.basePort}`;
  const servers: (Proc | undefined)[] = [];
  const judges: (Proc | undefined)[] = [];
  const judgeNames: string[] = [];
  const log = o.log ?? (() => {});

  const startServer = async (i: number) => {
    const p = spawnProc(
      [BUILT.server],
      {
        DATABASE_URL: o.databaseUrl,
        PORT: String(serverPorts[i]),
        HOST: '127.0.0.1',
        OJ_DATA_DIR: dataDir,
        OJ_EMBEDDED_JUDGE: 'false',
        OJ_JUDGE_TOKEN: JUDGE_TOKEN,
        // Password hashes at the lowest cost, as in the other tests (test/setup.ts).
        OJ_PASSWORD_COST: '10',
        OJ_ROOT_PASSWORD: ROOT_PASSWORD,
        LOG_LEVEL: 'warn',
        ...o.serverEnv,
      },
      (line) => log(`[server ${i}] ${line}`),
    );
    servers[i] = p;
    const deadline = Date.now() + 120_000;
    while (!p.output().includes('running at')) {
      if (p.child.exitCode !== null) throw new Error(`server ${i} exited: ${p.output()}`);
      if (Date.now() > deadline) throw new Error(`server ${i} did not start: ${p.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const startJudge = (i: number) => {
    judges[i] = spawnProc(
      [
        BUILT.judge,
        'worker',
        '--server',
        url,
        '--token',
        JUDGE_TOKEN,
        '--concurrency',
        String(o.judgeConcurrency ?? 1),
      ],
      // C alone: the run submits only C (no other toolchain is probed at each judge's start and restart).
      { OJ_JUDGE_REMOTE: 'false', OJ_JUDGE_LANGUAGES: 'C', OJ_JUDGE_CACHE_DIR: path.join(work, `judge-${i}-cache`) },
      (line) => {
        // The name the server knows the worker by (its lease owner name).
        const name = /worker (\S+) serving/.exec(line)?.[1];
        if (name) judgeNames[i] = name;
        log(`[judge ${i}] ${line}`);
      },
    );
  };

  // nginx: round robin over the instances; a refused connection goes to the next instance (for a POST too: nothing
  // was sent), a request that reached an instance which then died is the client's 502. No instance is ever marked
  // down (max_fails=0): on loopback a refused connection costs nothing, and two marked down at once would be 502s.
  const conf = `
daemon off;
master_process off;
worker_processes 1;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/error.log warn;
events { worker_connections 8192; }
http {
  log_format upstreams '$upstream_addr $status $request_method $uri';
  access_log ${nginxDir}/access.log upstreams;
  client_body_temp_path ${nginxDir}/body;
  proxy_temp_path ${nginxDir}/proxy;
  fastcgi_temp_path ${nginxDir}/fastcgi;
  uwsgi_temp_path ${nginxDir}/uwsgi;
  scgi_temp_path ${nginxDir}/scgi;
  client_max_body_size 64m;
  upstream oj {
${serverPorts.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n')}
    keepalive 128;
  }
  server {
    listen 127.0.0.1:${o.basePort};
    location / {
      proxy_pass http://oj;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_read_timeout 90s;
      proxy_buffering off;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
  fs.writeFileSync(path.join(nginxDir, 'nginx.conf'), conf);
  const nginx = spawn(
    'nginx',
    ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-e', path.join(nginxDir, 'error.log')],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let nginxOut = '';
  nginx.stderr?.on('data', (d) => {
    nginxOut += d;
  });
  const nginxExited = new Promise((r) => nginx.once('exit', r));

  const stop = async () => {
    await Promise.all(judges.map((j) => kill(j, 'SIGKILL')));
    await Promise.all(servers.map((s) => kill(s, 'SIGTERM')));
    if (nginx.exitCode === null) {
      nginx.kill('SIGTERM');
      await nginxExited;
    }
    fs.rmSync(work, { recursive: true, force: true });
  };
  try {
    // Every instance at once on the empty database: the start lock makes one migrate and seed it.
    await Promise.all(serverPorts.map((_, i) => startServer(i)));
    for (let i = 0; i < o.judges; i++) startJudge(i);
    // Through nginx, until every judge is connected (a judge probes its languages in the sandbox first).
    const deadline = Date.now() + 300_000;
    for (;;) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited: ${nginxOut}`);
      const res = await fetch(`${url}/api/ready`).catch(() => null);
      const ready = res?.status === 200 ? ((await res.json()) as { data: { judges: number } }).data : null;
      if (ready && ready.judges >= o.judges) break;
      if (Date.now() > deadline) throw new Error(`not ready: ${ready ? JSON.stringify(ready) : res?.status}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    url,
    dataDir,
    serverUrls: serverPorts.map((p) => `http://127.0.0.1:${p}`),
    startServer,
    startJudge,
    /** Judge i's worker name, once it has started serving. */
    judgeName: (i: number) => judgeNames[i],
    killServer: (i: number, signal: NodeJS.Signals = 'SIGKILL') => kill(servers[i], signal),
    killJudge: (i: number, signal: NodeJS.Signals = 'SIGKILL') => kill(judges[i], signal),
    /** nginx's complaints about the instances (a refused or cut connection, a timeout), by kind. */
    upstreamErrors() {
      const file = path.join(nginxDir, 'error.log');
      const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      const kinds = new Map<string, number>();
      for (const m of text.matchAll(/\[error\] [^:]*: \*\d+ ([^,(]*)/g))
        kinds.set(m[1].trim(), (kinds.get(m[1].trim()) ?? 0) + 1);
      return kinds;
    },
    /** Requests nginx passed to each instance (by address; a retried request counts for each it tried). */
    requestCounts() {
      const counts = new Map<string, number>(serverPorts.map((p) => [`127.0.0.1:${p}`, 0]));
      const file = path.join(nginxDir, 'access.log');
      const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      for (const line of text.split('\n')) {
        const upstreams = line.split(' ')[0] ?? '';
        for (const u of upstreams.split(',').map((s) => s.trim()))
          if (counts.has(u)) counts.set(u, (counts.get(u) ?? 0) + 1);
      }
      return counts;
    },
    stop,
  };
};
export type Topology = Awaited<ReturnType<typeof startTopology>>;

/** JSON calls with the API's envelope ({status, msg, data}). */
export const client = (base: string) => {
  const call = async (method: string, p: string, body?: unknown, token?: string, admin = false) => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = token;
    if (admin) headers['url-type'] = 'admin';
    const res = await fetch(`${base}${p}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const json = (await res.json().catch(() => null)) as { status: number; msg: string; data: unknown } | null;
    return { http: res.status, json, headers: res.headers };
  };
  return {
    call,
    async login(username: string, password: string) {
      const r = await call('POST', '/api/login', { username, password });
      const token = r.headers.get('authorization');
      if (r.http !== 200 || !token) throw new Error(`login ${username}: ${r.http} ${JSON.stringify(r.json)}`);
      return token;
    },
  };
};

/** What the scale-out check and the load bench work on: `users` students made in the database (`<prefix>0`,
 * `<prefix>1` ... with `password`; uids unique to the run) and, through the topology, a contest that started a
 * minute ago and ends after `hours`, whose problem A is sample problem 1000 (seeded by the servers). Answers root's
 * token, the students, and the ids of the problem and the contest. */
export const seedContest = async (
  topo: Pick<Topology, 'url'>,
  services: AppServices,
  o: { run: string; prefix: string; users: number; password: string; title: string; hours: number },
) => {
  const passwordHash = await hashPassword(o.password);
  const users: { uid: string; username: string }[] = [];
  for (let i = 0; i < o.users; i++) {
    const user = { uid: `${o.prefix}${o.run}u${i}`, username: `${o.prefix}${i}` };
    await services.users.create({ ...user, passwordHash }, [ROLE_IDS.user]);
    users.push(user);
  }
  const api = client(topo.url);
  const root = await api.login('root', ROOT_PASSWORD);
  const detail = await api.call('GET', '/api/get-problem-detail?problemId=1000');
  const pid = (detail.json?.data as { problem: { id: number } } | undefined)?.problem.id;
  if (pid === undefined) throw new Error(`problem 1000: ${JSON.stringify(detail.json)}`);
  const contest = await api.call(
    'POST',
    '/api/admin/contest',
    {
      title: o.title,
      description: o.title,
      type: 0,
      auth: 0,
      startTime: new Date(Date.now() - 60_000).toISOString(),
      endTime: new Date(Date.now() + o.hours * 3_600_000).toISOString(),
    },
    root,
    true,
  );
  const cid = (contest.json?.data as { id: number } | undefined)?.id;
  if (cid === undefined) throw new Error(`contest: ${JSON.stringify(contest.json)}`);
  const added = await api.call(
    'POST',
    '/api/admin/contest/add-problem-from-public',
    { cid, pid, displayId: 'A' },
    root,
    true,
  );
  if (added.json?.status !== 200) throw new Error(`contest problem: ${JSON.stringify(added.json)}`);
  return { api, root, users, pid, cid };
};
