/** The about pages and the result explanation in one chunk (decision 0004): static texts, loaded only when opened. */
export { default as Developer } from './developer-page';
export { default as Introduction } from './introduction-page';
export { default as ResultExplanation } from './result-explanation-page';
