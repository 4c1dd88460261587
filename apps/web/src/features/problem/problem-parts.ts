import { splitPart } from './split-part';

/** The problem page's parts that have their own chunks and are asked for when the route is matched
 * (problem-detail-early.ts), each shown the moment it is there (split-part.ts, decision 0045): the code editor, the
 * row above it (language, settings, reset, last accepted code) and the statement's side of the page (its tabs, the
 * statement's layout, the limits and tags). */
export const editorPart = splitPart(() => import('./code-editor'));
export const toolbarPart = splitPart(() => import('./code-panel-toolbar'));
export const sidePart = splitPart(() => import('./problem-side'));
