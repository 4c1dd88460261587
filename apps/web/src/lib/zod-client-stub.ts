/**
 * The browser build's stand-in for zod (see docs/decisions/0005-web-zod-free-client-bundle.md).
 *
 * The web uses the @oj/shared endpoint definitions for their method, path and TypeScript types only; it never
 * runs their schemas (the server validates every input, and the forms follow the spec's own rules and message
 * keys). Bundling zod for schemas nobody runs would cost the first visit about 26 KB gzipped of the 300 KB
 * budget, so vite.config.ts aliases `zod` to this module for the production build. Types still come from the
 * real zod (tsc and Vitest resolve the real package).
 *
 * Every property and call returns the same inert schema, so any builder chain evaluates; running a schema throws,
 * so code that starts validating in the browser fails loudly instead of passing everything.
 */
const refuse = () => {
  throw new Error(
    'zod schemas do not run in the browser bundle; see docs/decisions/0005-web-zod-free-client-bundle.md',
  );
};
const RUNNERS = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'decode', 'encode']);

const schema: unknown = new Proxy(() => {}, {
  get: (_target, key) => {
    if (typeof key === 'string' && RUNNERS.has(key)) return refuse;
    if (key === 'then') return undefined; // not a promise-like
    return schema;
  },
  apply: () => schema,
});

export const z = schema;
export default schema;
