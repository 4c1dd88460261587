import { z } from 'zod';
import type { Access, Permission, RoleName } from './roles.js';

/** Site switches (reference §1.6) an endpoint may depend on; off answers 403. */
export type SwitchKey =
  | 'openPublicDiscussion'
  | 'openGroupDiscussion'
  | 'openContestComment'
  | 'openPublicJudge'
  | 'openGroupJudge'
  | 'openContestJudge';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  path: string;
  access: Access;
  /** Extra role restriction inside `access` (e.g. tags: root and problem_admin). */
  roles?: RoleName[];
  permission?: Permission;
  switch?: SwitchKey;
  /** Query (GET, DELETE) or JSON body (POST, PUT). */
  input: I;
  /** The `data` of the envelope. */
  output: O;
  /** The answer is a file, not the JSON envelope. */
  binary?: boolean;
}

export const endpoint = <I extends z.ZodType, O extends z.ZodType>(e: Endpoint<I, O>) => e;

export type Input<E extends Endpoint> = z.input<E['input']>;
export type Output<E extends Endpoint> = z.output<E['output']>;

/** The response envelope of DESIGN §3. */
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

// ---- reusable field schemas ----------------------------------------------------------------------

/** Query strings: an empty string means absent (DESIGN §7 "Query parameters"). */
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
export const qInt = (def?: number) =>
  // The optional/default sits inside the preprocess: outside it would see '' (not undefined) and coerce it to NaN.
  def === undefined
    ? z.preprocess(emptyToUndefined, z.coerce.number().int().optional())
    : z.preprocess(emptyToUndefined, z.coerce.number().int().default(def));
export const qStr = () => z.preprocess(emptyToUndefined, z.string().optional());
/** A number from the query string, checked by `schema` (required unless the schema says optional). */
export const qNum = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    const x = emptyToUndefined(v);
    return x === undefined || typeof x === 'number' ? x : Number(x);
  }, schema);
export const qBool = () => z.preprocess(emptyToUndefined, z.stringbool().optional());

export const MAX_PAGE_SIZE = 100;
export const pageQuery = (defaultLimit: number, max = MAX_PAGE_SIZE) => ({
  currentPage: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(1)),
  limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(max).default(defaultLimit)),
});

export const page = <T extends z.ZodType>(item: T) =>
  z.object({ records: z.array(item), total: z.number().int(), size: z.number().int(), current: z.number().int() });
export type Page<T> = { records: T[]; total: number; size: number; current: number };

export const isoDate = z.string();
