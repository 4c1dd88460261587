import type { Diagnostic } from '@oj/shared';
import { createStore } from '../../lib/create-store';

/**
 * What the page's read-only code view marks of a compile error (decision 0053): set by the submission page's list of
 * the compiler's messages (features/submission/compile-diagnostics.tsx), shown by the code view
 * (features/problem/code-editor.tsx), so the list reaches the code without the page passing it along. `focus` is the
 * message picked last (a new object for each pick, so picking the same one again moves to it again).
 */
export interface CodeViewMarks {
  diagnostics: Diagnostic[];
  language: string;
  focus: Diagnostic | null;
}

export const codeViewMarks = createStore<CodeViewMarks | null>(null);
