import { EditorView } from '@codemirror/view';
import { type Diagnostic, JUDGE_STATUS } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionFixture } from '../../test-fixtures';
import { json, renderWithProviders, setupI18n, stubServer, stubTextLayout } from '../../test-utils';
import { codeViewMarks } from '../diagnostics/code-view-marks';
import SubmissionDetailPage from './submission-detail-page';

const CODE = '#include <bits/stdc++.h>\nint main() {\n  int a = 1;\n  std::cout << y;\n}\n';
const ERROR_TEXT = `main.cpp: In function ‘int main()’:
main.cpp:4:16: error: ‘y’ was not declared in this scope
/usr/include/c++/12/bits/stl_vector.h:1123:7: note: candidate`;
const DIAGNOSTICS: Diagnostic[] = [
  { file: 'main.cpp', line: 4, column: 16, severity: 'error', message: '‘y’ was not declared in this scope' },
  { file: 'main.cpp', line: 3, column: 0, severity: 'warning', message: 'unused variable ‘a’' },
  { file: 'stl_vector.h', line: 1123, column: 7, severity: 'note', message: 'candidate' },
];

const openDetail = async (fields: { status: number; code?: string | null }, diagnostics = DIAGNOSTICS) => {
  stubServer({
    '/api/get-submission-detail': json({
      submission: submissionFixture({ submitId: 7, errorMessage: ERROR_TEXT, code: CODE, ...fields }),
      codeShare: false,
      firstFailure: null,
      diagnostics,
    }),
    '/api/get-all-case-result': json(null),
  });
  renderWithProviders(
    [{ path: '/submission-detail/:submitID', element: <SubmissionDetailPage /> }],
    '/submission-detail/7',
  );
  await screen.findByText('A+B Problem', { exact: false });
};

/** The code view's lines that carry a message's mark, and whether each is the one picked. */
const markedLines = (view: HTMLElement) =>
  [...view.querySelectorAll('.cm-line.oj-diagnostic-line')].map(
    (l) => `${l.textContent}${l.classList.contains('oj-diagnostic-line--current') ? ' (picked)' : ''}`,
  );

beforeAll(() => {
  stubTextLayout();
});
afterAll(() => setupI18n('en-US'));

describe("a compile error's messages on the submission page", () => {
  it('lists each with its severity, place and words; a place in the code picks its line in the code view', async () => {
    await setupI18n('en-US');
    await openDetail({ status: JUDGE_STATUS.COMPILE_ERROR });
    const list = await screen.findByRole('list', { name: 'What the compiler found' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Errormain.cpp:4:16‘y’ was not declared in this scope',
      'Warningmain.cpp:3unused variable ‘a’',
      'Notestl_vector.h:1123:7candidate',
    ]);
    // A header's place is not a link: the code view does not hold it.
    expect(within(items[2]).queryByRole('button')).toBeNull();

    // The code view marks every line of the code's own file at once.
    const code = await screen.findByRole('textbox', { name: 'Code' });
    const view = code.closest('.cm-editor') as HTMLElement;
    await waitFor(() => expect(markedLines(view)).toEqual(['  int a = 1;', '  std::cout << y;']));
    fireEvent.click(within(items[0]).getByRole('button', { name: 'main.cpp:4:16' }));
    await waitFor(() => expect(markedLines(view)).toEqual(['  int a = 1;', '  std::cout << y; (picked)']));
    const state = EditorView.findFromDOM(view)?.state;
    expect(state && state.doc.lineAt(state.selection.main.head).number).toBe(4);
    fireEvent.click(within(items[1]).getByRole('button', { name: 'main.cpp:3' }));
    await waitFor(() => expect(markedLines(view)).toEqual(['  int a = 1; (picked)', '  std::cout << y;']));
  });

  it('speaks Chinese in zh-CN, and a hidden code leaves the places as text', async () => {
    await setupI18n('zh-CN');
    await openDetail({ status: JUDGE_STATUS.COMPILE_ERROR, code: null });
    const list = await screen.findByRole('list', { name: '编译器指出的问题' });
    expect(within(list).getByText('错误')).toBeTruthy();
    expect(within(list).getByText('警告')).toBeTruthy();
    expect(within(list).getByText('提示')).toBeTruthy();
    expect(within(list).queryAllByRole('button')).toEqual([]);
  });

  it.each([
    ['a compile error without messages', JUDGE_STATUS.COMPILE_ERROR, []],
    ['another verdict', JUDGE_STATUS.SYSTEM_ERROR, DIAGNOSTICS],
  ] as const)('shows no list for %s, and marks no code', async (_, status, diagnostics) => {
    await setupI18n('en-US');
    await openDetail({ status }, [...diagnostics]);
    expect(await screen.findByText(/was not declared/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'What the compiler found' })).toBeNull();
    expect(codeViewMarks.get()).toBeNull();
  });
});
