import { z } from 'zod';
import { type ClientEndpoint, type EndpointMeta, INT32, MAX_PAGE_SIZE } from './endpoint-meta.js';
import type { Access } from './roles.js';

export * from './endpoint-meta.js';

export interface Endpoint<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, A extends Access = Access>
  extends EndpointMeta {
  /** Who may call it, kept as written (`'user'`, not any Access): the server's handler of an endpoint that requires
   * sign-in is given its caller as a user, not as a maybe (apps/server/src/http/bind.ts). */
  access: A;
  /** Query (GET, DELETE) or JSON body (POST, PUT). */
  input: I;
  /** The `data` of the envelope. */
  output: O;
}

export const endpoint = <I extends z.ZodType, O extends z.ZodType, A extends Access>(e: Endpoint<I, O, A>) => e;

export type Input<E extends Endpoint> = z.input<E['input']>;
export type Output<E extends Endpoint> = z.output<E['output']>;
/** The browser's view of endpoint E (metadata, and its input and output as types): see endpoint-meta.ts. */
export type ClientOf<E extends Endpoint> = ClientEndpoint<Input<E>, Output<E>>;

// ---- reusable field schemas ----------------------------------------------------------------------

/** Query strings: an empty string means absent. */
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A number on the wire: a JSON number or a string of decimal digits, as
 * clients that take ids from the page URL send them ("cid": "1000"). Empty means absent. Hex, exponents,
 * fractions in strings, spaces and any other character stay strings and fail the number schema (400). `null` stays
 * null: the field's schema says whether it may be (`.nullable()`, `.nullish()`). */
const wireNumber = (v: unknown) => {
  if (v === '') return undefined;
  return typeof v === 'string' && /^-?\d{1,20}$/.test(v) ? Number(v) : v;
};
export const isWireNumber = (schema: unknown) =>
  schema instanceof z.ZodPipe && schema.in instanceof z.ZodTransform && schema.in.def.transform === wireNumber;

/** The one schema type of every integer input field, body or query: `schema` says what the field must be
 * (`z.number().int().positive()`, `.optional()`, `.default(1)` ...); the value must also fit `range` (an int
 * column unless told, so 2^31 is a 400, never a database error). */
export const wireInt = <T extends z.ZodType>(schema: T, range: { min: number; max: number } = INT32) =>
  z
    .preprocess(wireNumber, schema)
    .refine((n) => n === undefined || n === null || (typeof n === 'number' && n >= range.min && n <= range.max), {
      error: 'numberOutOfRange',
    });
/** An optional integer (with a default when given) from the query or a body. */
export const qInt = (def?: number) =>
  def === undefined ? wireInt(z.number().int().optional()) : wireInt(z.number().int().default(def));
export const qStr = () => z.preprocess(emptyToUndefined, z.string().optional());
export const qBool = () => z.preprocess(emptyToUndefined, z.stringbool().optional());
/** An optional ISO-8601 date or date-time (four-digit year) from the query. */
export const qDate = () =>
  z.preprocess(emptyToUndefined, z.union([z.iso.date(), z.iso.datetime({ offset: true, local: true })]).optional());

export const pageQuery = (defaultLimit: number, max = MAX_PAGE_SIZE) => ({
  currentPage: wireInt(z.number().int().min(1).default(1)),
  limit: wireInt(z.number().int().min(1).max(max).default(defaultLimit)),
});

export const page = <T extends z.ZodType>(item: T) =>
  z.object({ records: z.array(item), total: z.number().int(), size: z.number().int(), current: z.number().int() });

export const isoDate = z.string();
