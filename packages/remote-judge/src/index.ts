export * from './adapter.js';
export { type AtCoderAdapterOptions, createAtCoderAdapter } from './atcoder/adapter.js';
export { ATCODER_LANGUAGES, mapAtCoderVerdict, parseAtCoderId } from './atcoder/site.js';
export {
  type CodeforcesAdapterOptions,
  CodeforcesSessions,
  createCodeforcesAdapter,
} from './codeforces/adapter.js';
export { CODEFORCES_LANGUAGES, mapCodeforcesVerdict, parseCodeforcesId } from './codeforces/site.js';
export * from './config.js';
export { createHduAdapter, encodeHduCode, type HduAdapterOptions } from './hdu/adapter.js';
export { HDU_LANGUAGES, mapHduVerdict, parseHduId } from './hdu/site.js';
export { decodeEntities, htmlToMarkdown, type StatementMarkdown } from './markdown.js';
export { createPojAdapter, type PojAdapterOptions } from './poj/adapter.js';
export { mapPojVerdict, POJ_LANGUAGES, parsePojId } from './poj/site.js';
export * from './registry.js';
export { createSpojAdapter, type SpojAdapterOptions } from './spoj/adapter.js';
export { mapSpojVerdict, parseSpojId, SPOJ_LANGUAGES } from './spoj/site.js';
export * from './testing/fake-atcoder.js';
export * from './testing/fake-codeforces.js';
export * from './testing/fake-hdu.js';
export * from './testing/fake-poj.js';
export * from './testing/fake-spoj.js';
export { preAsCode, texToCodeforcesDelimiters } from './tex.js';
