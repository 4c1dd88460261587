import { forEachDiagnostic } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import { type Diagnostic, JUDGE_STATUS, type UserInfo } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/auth-store';
import { problemDetailFixture, submissionFixture } from '../../test-fixtures';
import { json, renderWithProviders, setupI18n, spyOnToasts, stubServer, stubTextLayout } from '../../test-utils';
import ProblemDetailPage from './problem-detail-page';

// The problem page's editor after a compile error (decision 0053): the lines the compiler named are marked, the cursor
// goes to the first, and the marks go when the code changes or a new judgement starts.

const USER = { uid: 'u-alice', username: 'alice', roleList: ['user'] } as unknown as UserInfo;
const BROKEN = '#include <cstdio>\nint main() {\n  int a = 1;\n  printf("%d", y);\n}\n';
const DIAGNOSTICS: Diagnostic[] = [
  { file: 'main.cpp', line: 4, column: 16, severity: 'error', message: '‘y’ was not declared in this scope' },
];
const DETAIL = problemDetailFixture({ examples: '<input>1 2\n</input><output>3\n</output>' });

const openProblem = async (answers: Record<string, () => Response> = {}) => {
  stubServer({
    '/api/get-problem-detail': json({ ...DETAIL, codeTemplate: { 'C++': BROKEN } }),
    '/api/get-user-problem-status': json({}),
    ...answers,
  });
  renderWithProviders([{ path: '/problem/:problemID', element: <ProblemDetailPage /> }], '/problem/P1000');
  const content = await screen.findByRole('textbox', { name: 'Code editor' });
  await waitFor(() => expect(content.textContent).toContain('printf'));
  const view = EditorView.findFromDOM(content) as EditorView;
  return {
    view,
    /** The marked ranges as `line:text under it`, and the line the cursor is on. */
    marks: () => {
      const found: string[] = [];
      forEachDiagnostic(view.state, (_, from, to) =>
        found.push(`${view.state.doc.lineAt(from).number}:${view.state.sliceDoc(from, to)}`),
      );
      return found;
    },
    cursorLine: () => view.state.doc.lineAt(view.state.selection.main.head).number,
    type: (text: string) => view.dispatch({ changes: { from: 0, insert: text } }),
  };
};

beforeAll(() => {
  stubTextLayout();
  return setupI18n('en-US');
});

describe("the problem page's editor after a compile error", () => {
  spyOnToasts();
  beforeEach(() => {
    localStorage.clear();
    session.signIn('token', USER);
  });
  afterEach(() => session.clear());

  it("marks a submission's lines and goes to the first; an edit clears them", async () => {
    const editor = await openProblem({
      '/api/submit-problem-judge': json(submissionFixture({ submitId: 77, status: JUDGE_STATUS.PENDING })),
      '/api/get-submission-detail': json({
        submission: submissionFixture({ submitId: 77, status: JUDGE_STATUS.COMPILE_ERROR, uid: USER.uid }),
        codeShare: false,
        firstFailure: null,
        diagnostics: DIAGNOSTICS,
      }),
    });
    expect(editor.marks()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /Submit$/ }));
    await waitFor(() => expect(editor.marks()).toEqual(['4:y']));
    expect(editor.cursorLine()).toBe(4);
    // The student fixes the code: the marks of the old code go.
    editor.type('// fixed\n');
    await waitFor(() => expect(editor.marks()).toEqual([]));
  });

  it('leaves the editor alone when the code was edited while the submission was judged', async () => {
    let release = () => {};
    const verdict = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = json({
      submission: submissionFixture({ submitId: 78, status: JUDGE_STATUS.COMPILE_ERROR, uid: USER.uid }),
      codeShare: false,
      firstFailure: null,
      diagnostics: DIAGNOSTICS,
    });
    const editor = await openProblem({
      '/api/submit-problem-judge': json(submissionFixture({ submitId: 78, status: JUDGE_STATUS.PENDING })),
      '/api/get-submission-detail': (() => verdict.then(answer)) as unknown as () => Response,
    });
    fireEvent.click(screen.getByRole('button', { name: /Submit$/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Submitting/ })).toBeTruthy());
    editor.type('// fixing already\n');
    release();
    expect(await screen.findByText('Compile Error')).toBeTruthy();
    expect(editor.marks()).toEqual([]);
  });

  it("marks a test run's compile error, and a new run clears the marks", async () => {
    let runs = 0;
    const editor = await openProblem({
      '/api/submit-problem-test-judge': () => json(`run-${++runs}`)(),
      '/api/get-test-judge-result': json({
        status: JUDGE_STATUS.COMPILE_ERROR,
        time: null,
        memory: null,
        userInput: '1 2\n',
        userOutput: null,
        expectedOutput: '3\n',
        stderr: 'main.cpp:4:16: error: ‘y’ was not declared in this scope',
        problemJudgeMode: 'default',
        diagnostics: DIAGNOSTICS,
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /Test run/i }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('button', { name: /Run test/ }));
    await waitFor(() => expect(editor.marks()).toEqual(['4:y']));
    expect(editor.cursorLine()).toBe(4);
    fireEvent.click(within(drawer).getByRole('button', { name: /Run test/ }));
    await waitFor(() => expect(editor.marks()).toEqual([]));
    // The new run's compile error marks the code again.
    await waitFor(() => expect(editor.marks()).toEqual(['4:y']));
  });
});
