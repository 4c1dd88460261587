import type { AdminProblem, UserInfo } from '@oj/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/auth-store';
import { renderWithProviders, setupI18n } from '../../../test-utils';
import AdminProblemListPage from './admin-problem-list-page';
import { ProblemCheckerField } from './problem-checker-field';
import { emptyProblemForm } from './problem-form-model';

const answer = (data: unknown) =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

const COMPILE_ERROR = "checker.cpp:3:1: error: expected ';' before '}' token";

const problem = (id: number, title: string, extra: Partial<AdminProblem>) =>
  ({
    id,
    problemId: `P${id}`,
    title,
    author: 'root',
    type: 0,
    auth: 1,
    ioScore: 100,
    judgeMode: 'spj',
    gmtCreate: '2026-03-01T08:00:00.000Z',
    checkerState: null,
    checkerError: null,
    ...extra,
  }) as AdminProblem;

describe("a problem's checker compile state", { timeout: 60_000 }, () => {
  beforeEach(() => {
    session.clear();
    session.signIn('token', { uid: 'r', username: 'root', roleList: ['root'] } as unknown as UserInfo);
  });

  it('tags the admin list: compiling, compiles, and a compile error whose message opens on click', async () => {
    await setupI18n('en-US');
    const records = [
      problem(1001, 'Plain sum', { judgeMode: 'default' }),
      problem(1002, 'Any answer', { checkerState: 'ok' }),
      problem(1003, 'Guess the number', { judgeMode: 'interactive', checkerState: 'compiling' }),
      problem(1004, 'Broken checker', { checkerState: 'error', checkerError: COMPILE_ERROR }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer({ records, total: records.length, size: 10, current: 1 })),
    );
    renderWithProviders([{ path: '/admin/problems', element: <AdminProblemListPage /> }], '/admin/problems');
    const row = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;
    expect(await screen.findByText('Broken checker', {}, { timeout: 20_000 })).toBeTruthy();
    expect(within(row('Any answer')).getByText('Compiles')).toBeTruthy();
    expect(within(row('Guess the number')).getByText('Compiling')).toBeTruthy();
    expect(within(row('Plain sum')).queryByText(/Compil/)).toBeNull();
    expect(screen.queryByText(COMPILE_ERROR)).toBeNull();
    fireEvent.click(within(row('Broken checker')).getByText('Compile error'));
    expect(await screen.findByText(COMPILE_ERROR)).toBeTruthy();
  });

  it("shows the saved checker's state and its compile error in the editor, in Chinese too", async () => {
    await setupI18n('zh-CN');
    const form = {
      ...emptyProblemForm(true, ['C++']),
      judgeMode: 'spj' as const,
      spjCode: 'int main() { return 0 }',
      checkerState: 'error' as const,
      checkerError: COMPILE_ERROR,
    };
    render(<ProblemCheckerField form={form} set={() => {}} onCompile={async () => null} />);
    expect(screen.getByText('编译失败')).toBeTruthy();
    const alert = screen.getByRole('alert', { name: '编译失败' });
    expect(alert.textContent).toContain(COMPILE_ERROR);
  });

  it('compiles on request: the button counts the seconds, and the errors show by file and line, selecting the line', async () => {
    await setupI18n('en-US');
    const code = '#include "testlib.h"\nint main() {\n  return 0\n}\n';
    const errors = [
      'checker.cpp: In function ‘int main()’:',
      "checker.cpp:3:11: error: expected ';' before '}' token",
      'In file included from checker.cpp:1:',
      "/w/testlib.h:12:1: error: 'x' does not name a type",
    ].join('\n');
    let answer: (message: string | null) => void = () => {};
    const onCompile = vi.fn(() => new Promise<string | null>((r) => (answer = r)));
    const form = { ...emptyProblemForm(true, ['C++']), judgeMode: 'spj' as const, spjCode: code };
    render(<ProblemCheckerField form={form} set={() => {}} onCompile={onCompile} />);
    fireEvent.click(screen.getByRole('button', { name: /Compile$/ }));
    expect(await screen.findByRole('button', { name: /Compiling… 0 s/ })).toBeTruthy();
    expect(screen.getByText(/A judge compiles the checker/)).toBeTruthy();
    answer(errors);
    const alert = await screen.findByRole('alert', { name: 'Compile Error' });
    const button = await screen.findByRole('button', { name: /Compile$/ });
    await vi.waitFor(() => expect(button.className).not.toContain('ant-btn-loading'));
    const list = within(alert).getByRole('list', { name: 'Errors by file and line' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      "checker.cpp, line 3, column 11: expected ';' before '}' token",
      "testlib.h, line 12, column 1: 'x' does not name a type",
    ]);
    // Only a line of the checker's own code is a link.
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['checker.cpp, line 3, column 11']);
    fireEvent.click(within(list).getByRole('button', { name: 'checker.cpp, line 3, column 11' }));
    const area = screen.getByRole('textbox', { name: 'Checker / interactor code' }) as HTMLTextAreaElement;
    expect(code.slice(area.selectionStart, area.selectionEnd)).toBe('  return 0');
    expect(onCompile).toHaveBeenCalledTimes(1);
  });

  it('a compile that succeeds clears the last error; the Chinese texts', async () => {
    await setupI18n('zh-CN');
    const onCompile = vi.fn().mockResolvedValueOnce(COMPILE_ERROR).mockResolvedValueOnce(null);
    const form = { ...emptyProblemForm(true, ['C++']), judgeMode: 'spj' as const, spjCode: 'int main() {}' };
    render(<ProblemCheckerField form={form} set={() => {}} onCompile={onCompile} />);
    fireEvent.click(screen.getByRole('button', { name: /编 ?译$/ }));
    const alert = await screen.findByRole('alert', { name: '编译错误' });
    expect(within(alert).getByText('checker.cpp 第 3 行第 1 列')).toBeTruthy();
    // The spinner stops once the compile answered; then the button takes a click again.
    const button = screen.getByRole('button', { name: /编 ?译$/ });
    await vi.waitFor(() => expect(button.className).not.toContain('ant-btn-loading'));
    fireEvent.click(button);
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(onCompile).toHaveBeenCalledTimes(2);
  });
});
