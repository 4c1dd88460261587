import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../lib/auth-store';
import { userInfoFixture } from '../../test-fixtures';
import { bodyOf, callsTo, json, setupI18n, stubServer } from '../../test-utils';
import GroupSettingPage from './group-setting-page';
import { GROUP, renderGroup } from './group-test-support';

const OWNER = userInfoFixture('u-owner', 'olivia');
const renderSetting = () => renderGroup('/group/7/setting', [{ path: 'setting', element: <GroupSettingPage /> }]);
const field = () => screen.getByRole('spinbutton', { name: 'Accepted problems needed to post' }) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

beforeAll(() => setupI18n('en-US'));
afterEach(async () => {
  session.clear();
  await setupI18n('en-US');
});

describe("the group's threshold for posting (settings)", { timeout: 60_000 }, () => {
  it("shows the group's value with a help text, and sends a number, or null for the site's", async () => {
    session.signIn('token', OWNER);
    const fetchMock = stubServer({
      '/api/get-group-detail': json({ ...GROUP, code: 'ABC123', minAcToPost: 3 }),
      '/api/get-group-auth': json(5),
      '/api/group': json({ ...GROUP, minAcToPost: 5 }),
    });
    renderSetting();
    expect(await screen.findByText(/Leave it empty to use the site's value/)).toBeTruthy();
    expect(field().value).toBe('3');

    fireEvent.change(field(), { target: { value: '5' } });
    save();
    await waitFor(() => expect(callsTo(fetchMock, '/api/group')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, '/api/group')[0])).toMatchObject({ id: 7, minAcToPost: 5 });

    fireEvent.change(field(), { target: { value: '' } });
    save();
    await waitFor(() => expect(callsTo(fetchMock, '/api/group')).toHaveLength(2));
    expect(bodyOf(callsTo(fetchMock, '/api/group')[1]).minAcToPost).toBeNull();
  });

  it('says in Chinese what an empty field means', async () => {
    await setupI18n('zh-CN');
    session.signIn('token', OWNER);
    stubServer({ '/api/get-group-detail': json(GROUP), '/api/get-group-auth': json(5) });
    renderSetting();
    expect(await screen.findByText(/留空则沿用全站的设置/)).toBeTruthy();
    expect(screen.getByRole('spinbutton', { name: '发言所需通过题数' })).toBeTruthy();
  });
});
