export * from './adapter.js';
export {
  type CodeforcesAdapterOptions,
  CodeforcesSessions,
  createCodeforcesAdapter,
} from './codeforces/adapter.js';
export { CODEFORCES_LANGUAGES, mapCodeforcesVerdict, parseCodeforcesId } from './codeforces/site.js';
export * from './registry.js';
export * from './testing/fake-codeforces.js';
