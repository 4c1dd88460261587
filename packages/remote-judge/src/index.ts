export * from './adapter.js';
export {
  type CodeforcesAdapterOptions,
  CodeforcesSessions,
  createCodeforcesAdapter,
} from './codeforces/adapter.js';
export { CODEFORCES_LANGUAGES, mapCodeforcesVerdict, parseCodeforcesId } from './codeforces/site.js';
export { createHduAdapter, encodeHduCode, type HduAdapterOptions } from './hdu/adapter.js';
export { HDU_LANGUAGES, mapHduVerdict, parseHduId } from './hdu/site.js';
export { createPojAdapter, type PojAdapterOptions } from './poj/adapter.js';
export { mapPojVerdict, POJ_LANGUAGES, parsePojId } from './poj/site.js';
export * from './registry.js';
export * from './testing/fake-codeforces.js';
export * from './testing/fake-hdu.js';
export * from './testing/fake-poj.js';
