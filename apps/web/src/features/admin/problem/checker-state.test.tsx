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
    render(<ProblemCheckerField form={form} set={() => {}} onCompile={() => {}} />);
    expect(screen.getByText('编译失败')).toBeTruthy();
    const alert = screen.getByRole('alert', { name: '编译失败' });
    expect(alert.textContent).toContain(COMPILE_ERROR);
  });
});
