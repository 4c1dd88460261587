import type { UserInfo } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../lib/auth-store';
import { bodyOf, callsTo, json, renderElement, setupI18n, spyOnToasts, stubServer } from '../../test-utils';
import SettingPage from './setting-page';

const ALICE = { uid: 'u-alice', username: 'alice', nickname: 'Al', github: null, blog: null, roleList: ['user'] };

describe('settings: profile links', () => {
  const toasts = spyOnToasts();
  beforeAll(async () => {
    await setupI18n('en-US');
    session.signIn('token', ALICE as unknown as UserInfo);
  });

  const openProfile = async () => {
    fireEvent.click(await screen.findByText('User info'));
    return screen.findByRole('form', { name: 'User info' });
  };

  it('says a GitHub or blog link must be an http(s) address, and sends nothing until it is', async () => {
    const fetchMock = stubServer({
      '/api/change-userInfo': json({ ...ALICE, github: 'https://github.com/alice', blog: null }),
    });
    renderElement(<SettingPage />, '/setting');
    const form = await openProfile();
    const github = within(form).getByLabelText('GitHub');
    fireEvent.change(github, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a web address starting with http:// or https://')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/change-userInfo')).toEqual([]);

    fireEvent.change(github, { target: { value: 'https://github.com/alice' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts.success.mock.calls[0]?.[0]).toBe('Update Successfully'));
    expect(bodyOf(callsTo(fetchMock, '/api/change-userInfo')[0])).toMatchObject({ github: 'https://github.com/alice' });
  });
});
