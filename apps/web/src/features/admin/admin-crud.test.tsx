import type { UserInfo } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/auth-store';
import { bindNotifiers } from '../../lib/notify';
import { renderWithProviders, setupI18n } from '../../test-utils';
import AdminAnnouncementPage from './site/admin-announcement-page';

const answer = (status: number, data: unknown, msg = status === 200 ? 'success' : 'Title too long') =>
  new Response(JSON.stringify({ status, msg, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const row = {
  id: 3,
  title: 'Maintenance',
  content: 'Tonight',
  uid: 'r',
  username: 'root',
  status: 0,
  gmtCreate: '2026-03-01T08:00:00.000Z',
  gmtModified: '2026-03-01T08:00:00.000Z',
};

/** The announcement screen stands for the admin CRUD screens (admin-crud.tsx): they share the list, the dialog,
 * the save and the delete. */
describe('admin CRUD screens', () => {
  const toasts = { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() };
  const notifications = { error: vi.fn() };
  beforeEach(() => {
    bindNotifiers(toasts as unknown as MessageInstance, notifications as unknown as NotificationInstance);
    session.clear();
    session.signIn('token', { uid: 'r', username: 'root', roleList: ['root'] } as unknown as UserInfo);
  });

  it('creates, keeps the dialog open on a refused save, edits and deletes', { timeout: 60000 }, async () => {
    await setupI18n('en-US');
    const sent: { method: string; body: unknown; url: string }[] = [];
    let refuse = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        const url = String(input);
        if (method === 'GET') return answer(200, { records: [row], total: 1, size: 10, current: 1 });
        sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
        if (method === 'POST' && refuse) {
          refuse = false;
          return answer(400, null);
        }
        return answer(200, null);
      }),
    );
    renderWithProviders([{ path: '/admin/announcement', element: <AdminAnnouncementPage /> }], '/admin/announcement');
    expect(await screen.findByText('Maintenance', {}, { timeout: 20000 })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'New term' } });
    fireEvent.change(within(dialog).getByLabelText('Content'), { target: { value: 'Starts Monday' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Refused: the server's message is shown once and the dialog stays open with what was typed.
    await waitFor(() =>
      expect(notifications.error).toHaveBeenCalledWith(expect.objectContaining({ description: 'Title too long' })),
    );
    expect(notifications.error).toHaveBeenCalledTimes(1);
    expect(toasts.success).not.toHaveBeenCalled();
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('New term');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Add Successfully', 1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.body)).toEqual([
      { title: 'New term', content: 'Starts Monday', status: 0 },
      { title: 'New term', content: 'Starts Monday', status: 0 },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog');
    expect((within(edit).getByLabelText('Title') as HTMLInputElement).value).toBe('Maintenance');
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Update Successfully', 1));
    expect(sent.find((s) => s.method === 'PUT')?.body).toEqual({
      id: 3,
      title: 'Maintenance',
      content: 'Tonight',
      status: 0,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: /OK|确/ }));
    await waitFor(() => expect(sent.some((s) => s.method === 'DELETE' && s.url.includes('aid=3'))).toBe(true));
  });
});
