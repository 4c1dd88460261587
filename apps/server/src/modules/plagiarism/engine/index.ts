/** The copy-detection engine: code → fingerprints (tree-sitter tokens, winnowing), fingerprints → similar pairs with
 * their matching fragments. How it works and why: README.md beside this file. */
export {
  COMMON_MIN_USERS,
  type CompareInput,
  type CompareResult,
  compare,
  DEFAULT_COMMON_FRACTION,
  DEFAULT_MIN_SIMILARITY,
  type EngineFile,
  type EnginePair,
  type Fragment,
  type Range,
} from './compare.js';
export { createEngineWorker, type EngineWorker } from './engine-worker.js';
export { ENGINE_VERSION, type FingerprintData, fingerprint, K, W } from './fingerprint.js';
export { ENGINE_LANGUAGES, type EngineLanguage, engineLanguage } from './languages.js';
export { loadLanguage } from './tokenize.js';
