import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BIG_ID, INT32, isWireNumber, wireInt } from './api.js';
import { ALL_ENDPOINTS } from './endpoints.js';

/** Paths of the number fields of an input schema that do not go through the shared wire type (a JSON number or a string
 * of decimal digits). A numeric literal behind a custom transform (rank's type, "0"/"ACM") is parsed there. */
const bareNumbers = (schema: z.ZodType, at: string, out: string[] = [], seen = new Set<unknown>(), parsed = false) => {
  if (seen.has(schema)) return out;
  seen.add(schema);
  if (isWireNumber(schema)) return out;
  if (schema instanceof z.ZodNumber) out.push(at);
  // biome-ignore lint/suspicious/noExplicitAny: walking zod's internal definitions of every schema kind.
  const def = (schema as any)._zod.def;
  const walk = (s: z.ZodType, path = at, p = parsed) => bareNumbers(s, path, out, seen, p);
  switch (def.type) {
    case 'literal':
      if (!parsed && def.values.some((v: unknown) => typeof v === 'number')) out.push(at);
      break;
    case 'object':
      for (const [k, v] of Object.entries(def.shape)) walk(v as z.ZodType, `${at}.${k}`);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      walk(def.innerType);
      break;
    case 'pipe':
      walk(def.in);
      walk(def.out, at, parsed || def.in instanceof z.ZodTransform);
      break;
    case 'array':
      walk(def.element, `${at}[]`);
      break;
    case 'union':
      for (const o of def.options) walk(o);
      break;
    case 'record':
      walk(def.valueType, `${at}{}`);
      break;
    case 'intersection':
      walk(def.left);
      walk(def.right);
      break;
    case 'lazy':
      walk(def.getter());
      break;
  }
  return out;
};

describe('the contract', () => {
  it('is found whole by ALL_ENDPOINTS, every method and path once', () => {
    expect(ALL_ENDPOINTS.length).toBeGreaterThan(150);
    const routes = ALL_ENDPOINTS.map(({ endpoint: e }) => `${e.method} ${e.path}`);
    expect(routes.length - new Set(routes).size).toBe(0);
  });

  it('takes every integer input field through the one wire type (a number or a digit string, in range)', () => {
    const bare = ALL_ENDPOINTS.flatMap(({ name, endpoint }) => bareNumbers(endpoint.input, name));
    expect(bare).toEqual([]);
  });

  it('declares an upload (streamed, with a size cap) wherever an input takes a file', () => {
    for (const { name, endpoint } of ALL_ENDPOINTS) {
      const issues = endpoint.input.safeParse({}).error?.issues ?? [];
      const takesFile = issues.some((i) => i.message === 'fileRequired');
      expect(!!endpoint.upload, name).toBe(takesFile);
      if (endpoint.upload) expect(endpoint.upload.maxBytes, name).toBeGreaterThan(0);
    }
  });
});

describe('wireInt', () => {
  const id = z.object({ cid: wireInt(z.number().int().positive()) });
  const big = z.object({ submitId: wireInt(z.number().int(), BIG_ID) });
  const opt = z.object({ n: wireInt(z.number().int().min(-4).optional()) });

  it('accepts a JSON number or a string of decimal digits', () => {
    expect(id.parse({ cid: 1000 })).toEqual({ cid: 1000 });
    expect(id.parse({ cid: '1000' })).toEqual({ cid: 1000 });
    expect(opt.parse({ n: '-4' })).toEqual({ n: -4 });
    expect(big.parse({ submitId: String(2 ** 40) })).toEqual({ submitId: 2 ** 40 });
  });

  it('reads an empty string as absent and keeps null for the schema to judge', () => {
    expect(opt.parse({ n: '' })).toEqual({});
    expect(opt.parse({})).toEqual({});
    expect(z.object({ n: wireInt(z.number().int().nullable()) }).parse({ n: null })).toEqual({ n: null });
    expect(z.object({ n: wireInt(z.number().int().nullish()) }).parse({ n: '' })).toEqual({});
    expect(id.safeParse({ cid: '' }).success).toBe(false);
  });

  it.each([
    ['hex', '0x10'],
    ['exponent', '1e3'],
    ['fraction', '1.5'],
    ['fraction as a number', 1.5],
    ['spaces', ' 12'],
    ['plus sign', '+12'],
    ['full-width digits', '１２'],
    ['NUL', '1\u0000'],
    ['2^31', 2 ** 31],
    ['2^31 as text', String(2 ** 31)],
    ['2^63', 2 ** 63],
    ['2^63 as text', '9223372036854775808'],
    ['-2^31-1', -(2 ** 31) - 1],
    ['a boolean', true],
    ['an object', {}],
    ['an array', [1]],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('refuses %s', (_name, value) => {
    expect(id.safeParse({ cid: value }).success).toBe(false);
  });

  it('keeps an int column within 32 bits and a bigserial id within 2^53', () => {
    const any = z.object({ n: wireInt(z.number().int()) });
    expect(any.parse({ n: INT32.max }).n).toBe(INT32.max);
    expect(any.safeParse({ n: INT32.max + 1 }).success).toBe(false);
    expect(big.parse({ submitId: Number.MAX_SAFE_INTEGER }).submitId).toBe(Number.MAX_SAFE_INTEGER);
    expect(big.safeParse({ submitId: 2 ** 53 }).success).toBe(false);
    expect(any.safeParse({ n: INT32.max + 1 }).error?.issues[0].message).toBe('numberOutOfRange');
  });
});
