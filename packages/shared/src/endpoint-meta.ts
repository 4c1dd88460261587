import type { MessageKey } from './messages.js';
import type { Access, Permission, RoleName } from './roles.js';

/** What an endpoint is without its schemas: the part both the server and the browser read. Free of zod, so the
 * client entry (client.ts) can carry it (decision 0005). */

/** Site switches (root edits them) an endpoint may depend on; off answers 403. */
export type SwitchKey =
  | 'openPublicDiscussion'
  | 'openGroupDiscussion'
  | 'openContestComment'
  | 'openPublicJudge'
  | 'openGroupJudge'
  | 'openContestJudge';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface EndpointMeta {
  method: HttpMethod;
  path: string;
  access: Access;
  /** Extra role restriction inside `access` (e.g. tags: root and problem_admin). */
  roles?: RoleName[];
  permission?: Permission;
  switch?: SwitchKey;
  /** The answer is a file, not the JSON envelope. */
  binary?: boolean;
  /** The media type of that answer, when it is not a download (application/octet-stream). */
  produces?: string;
  /** A multipart upload: its files are streamed to disk, each capped at `maxBytes` (over it: 400 `tooLarge`,
   * fileTooLarge unless named), after the caller is authenticated and authorised. */
  upload?: { maxBytes: number; tooLarge?: MessageKey };
  /** The largest JSON body it takes when that is more than the server's default of 2 MiB (a problem with its extra
   * files); read, like every body, only after the caller passed the guard. Over it: 413 `requestTooLarge`. */
  bodyMaxBytes?: number;
  /** What a participant may call while his exam is running (a contest in exam mode, decision 0055): `'open'`
   * always (signing in and out, his own account, the site's configuration, the event stream); `'contest'` when the
   * call's contest (its `cid`, or the contest of the record it names) is the exam. Absent: closed to him until the
   * exam ends (403 `examSiteClosed`), so an endpoint added later is closed unless it says otherwise. The contest's
   * admins are never restricted. */
  exam?: 'open' | 'contest';
}

declare const io: unique symbol;

/** An endpoint as the browser knows it: its metadata, and its input and output as TypeScript types only (there is
 * no schema to run). The client entry's namespaces hold one per endpoint, generated from the contract. */
export interface ClientEndpoint<I = unknown, O = unknown> extends EndpointMeta {
  /** Never present: carries the types. */
  readonly [io]?: { input: I; output: O };
}

/** The query (GET, DELETE) or JSON body (POST, PUT) a client endpoint takes, as its schema's input type. */
export type ClientInput<E extends ClientEndpoint> = NonNullable<E[typeof io]>['input'];
/** The `data` of the envelope a client endpoint answers, as its schema's output type. */
export type ClientOutput<E extends ClientEndpoint> = NonNullable<E[typeof io]>['output'];

/** The response envelope of every JSON answer: `status` equals the HTTP status, `msg`, and `data` or null. */
export interface Envelope<T> {
  status: number;
  msg: string;
  data: T | null;
}

export const HTTP = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TOO_MANY: 429,
  ERROR: 500,
} as const;

/** The range of an int column; ids of bigserial columns (submissions, files) go up to 2^53. */
export const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 } as const;
export const BIG_ID = { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER } as const;

export const MAX_PAGE_SIZE = 100;
export type Page<T> = { records: T[]; total: number; size: number; current: number };
