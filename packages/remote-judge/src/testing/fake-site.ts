import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RemoteAccount } from '../adapter.js';

/** What the loopback fakes of the remote sites share: reading forms and cookies, the accounts they accept, the
 * sessions they gave out (by cookie), the logins they counted, and a 127.0.0.1 server that can hang. */

/** A running fake site, as the tests drive it. */
export interface FakeSite<Submission, Mode> {
  /** The base URL to give the adapter (OJ_REMOTE_<OJ>_URL). */
  url: string;
  /** The runs it stored, oldest first. */
  submissions: Submission[];
  /** Successful logins so far, per username (handle). */
  logins: Record<string, number>;
  /** How it misbehaves; the tests switch these on and off. */
  mode: Mode;
  /** Forgets every session, as when the site's sessions expire: the next submit is sent to the login page. */
  expireSessions(): void;
  close(): Promise<void>;
}

export const readBody = (req: IncomingMessage) =>
  new Promise<URLSearchParams>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });

export const cookieOf = (req: IncomingMessage, name: string) => {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
};

export const htmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const redirect = (res: ServerResponse, location: string, cookies: string[] = []) => {
  res.writeHead(302, cookies.length ? { location, 'set-cookie': cookies } : { location });
  res.end();
};

/** The accounts a fake accepts, the sessions it gave out (cookie value → session) and the logins it counted. */
export class FakeSessions<S> {
  readonly sessions = new Map<string, S>();
  /** Successful logins so far, per username. */
  readonly logins: Record<string, number> = {};

  constructor(
    private readonly accounts: RemoteAccount[],
    /** The cookie that carries the session id. */
    private readonly cookie: string,
  ) {}

  /** The account with this username and password, if the fake knows it. */
  account(username: string | null, password: string | null) {
    return this.accounts.find((a) => a.username === username && a.password === password);
  }

  /** The session the request's cookie names, if the fake gave it out (and has not forgotten it). */
  of(req: IncomingMessage) {
    const id = cookieOf(req, this.cookie);
    return id ? this.sessions.get(decodeURIComponent(id)) : undefined;
  }

  /** Gives out a session under `id`. */
  start(id: string, session: S) {
    this.sessions.set(id, session);
    return session;
  }

  /** Counts a successful login of `username`. */
  countLogin(username: string) {
    this.logins[username] = (this.logins[username] ?? 0) + 1;
  }

  /** Forgets every session. */
  expire() {
    this.sessions.clear();
  }
}

/** Starts a server on 127.0.0.1 (a free port) answering with `handle`; while `mode.hang` is set requests are never
 * answered (the connections close with the fake). A request `handle` fails on is answered by `onError`. */
export const startFakeSite = async (
  mode: { hang: boolean },
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>,
  onError: (res: ServerResponse, error: unknown) => void,
) => {
  const server = createServer((req, res) => {
    if (mode.hang) return;
    handle(req, res).catch((error) => onError(res, error));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
};
