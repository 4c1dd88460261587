import type { JudgeHeader, UserInfo } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/auth-store';
import { renderWithProviders, setupI18n, spyOnToasts } from '../../../test-utils';
import AdminJudgeHeaderPage from './admin-judge-header-page';

const answer = (status: number, data: unknown, msg = 'success') =>
  new Response(JSON.stringify({ status, msg, data }), { status, headers: { 'Content-Type': 'application/json' } });

const header = (name: string, extra: Partial<JudgeHeader> = {}): JudgeHeader => ({
  name,
  size: 2048,
  version: null,
  sha256: 'a'.repeat(64),
  uploadedBy: 'root',
  gmtCreate: '2026-03-01T08:00:00.000Z',
  gmtModified: '2026-03-01T08:00:00.000Z',
  ...extra,
});

/** A fake server holding the site's headers: the list, uploads (add or replace by file name) and deletes. */
const fakeServer = (initial: JudgeHeader[]) => {
  let headers = [...initial];
  const sent: { method: string; url: string; body: RequestInit['body'] }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      const path = url.split('?')[0];
      sent.push({ method, url, body: init?.body });
      if (path === '/api/admin/judge-headers') return answer(200, headers);
      if (path === '/api/admin/judge-header' && method === 'POST' && init) {
        const file = (init.body as FormData).get('file') as File;
        const added = header(file.name, { size: file.size, version: '0.9.40-SNAPSHOT', uploadedBy: 'root' });
        headers = [...headers.filter((h) => h.name !== file.name), added].sort((a, b) => a.name.localeCompare(b.name));
        return answer(200, added);
      }
      if (path === '/api/admin/judge-header' && method === 'DELETE') {
        const name = new URLSearchParams(url.split('?')[1]).get('name');
        headers = headers.filter((h) => h.name !== name);
        return answer(200, null);
      }
      return answer(200, null);
    }),
  );
  return { sent };
};

const open = () =>
  renderWithProviders([{ path: '/admin/judge-headers', element: <AdminJudgeHeaderPage /> }], '/admin/judge-headers');

describe('the judge headers page', () => {
  const toasts = spyOnToasts();
  beforeEach(() => {
    session.clear();
    session.signIn('token', { uid: 'r', username: 'root', roleList: ['root'] } as unknown as UserInfo);
  });

  it('lists the headers, uploads one and deletes one after confirmation', { timeout: 60000 }, async () => {
    await setupI18n('en-US');
    const server = fakeServer([header('my_lib.hpp', { size: 300, uploadedBy: 'teacher_root' })]);
    open();
    expect(await screen.findByText('my_lib.hpp', {}, { timeout: 20000 })).toBeTruthy();
    expect(screen.getByText('300 B')).toBeTruthy();
    expect(screen.getByText('teacher_root')).toBeTruthy();
    expect(screen.getByText(/include path of every special judge and interactor compile/)).toBeTruthy();

    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('.h,.hpp,.hh');
    const file = new File(['#define VERSION "0.9.40-SNAPSHOT"\n'], 'testlib.h', { type: 'text/x-c' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText('testlib.h', {}, { timeout: 20000 })).toBeTruthy();
    expect(screen.getByText('0.9.40-SNAPSHOT')).toBeTruthy();
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Uploaded testlib.h', 1));
    const upload = server.sent.find((s) => s.method === 'POST');
    if (!upload) throw new Error('no upload was sent');
    expect(upload.url).toBe('/api/admin/judge-header');
    expect(((upload.body as FormData).get('file') as File).name).toBe('testlib.h');

    fireEvent.click(screen.getByRole('button', { name: 'Delete my_lib.hpp' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText(/Delete my_lib.hpp\?/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: /OK/ }));
    await waitFor(() => expect(screen.queryByText('my_lib.hpp')).toBeNull());
    expect(server.sent.some((s) => s.method === 'DELETE' && s.url.includes('name=my_lib.hpp'))).toBe(true);
    expect(screen.getByText('testlib.h')).toBeTruthy();
  });

  it('reads in Chinese and says when there is no header', { timeout: 60000 }, async () => {
    await setupI18n('zh-CN');
    fakeServer([]);
    open();
    expect(await screen.findByText('还没有评测头文件', {}, { timeout: 20000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: /上传头文件/ })).toBeTruthy();
    expect(screen.getByText(/题目自带的同名文件优先/)).toBeTruthy();
    await setupI18n('en-US');
  });
});
