import type { Endpoint } from './api.js';
import * as shared from './index.js';

const isEndpoint = (v: unknown): v is Endpoint =>
  !!v && typeof v === 'object' && 'method' in v && 'path' in v && 'access' in v && 'input' in v && 'output' in v;

/** Every endpoint of the contract (each contract module is exported from the main entry as a namespace), named
 * `module.export`, for the tests that cover all of them: the contract test and the input fuzz, which so cover
 * endpoints added later without edits. Not part of the main entry, so no client bundle carries it. */
export const ALL_ENDPOINTS: { name: string; endpoint: Endpoint }[] = Object.entries(shared).flatMap(([m, exports]) =>
  exports && typeof exports === 'object' && !isEndpoint(exports)
    ? Object.entries(exports as Record<string, unknown>)
        .filter(([, v]) => isEndpoint(v))
        .map(([k, v]) => ({ name: `${m}.${k}`, endpoint: v as Endpoint }))
    : [],
);
