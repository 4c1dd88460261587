import type { Group } from '@oj/shared';
import type { RouteObject } from 'react-router';
import { json, renderWithProviders, stubServer } from '../../test-utils';
import GroupDetailPage from './group-detail-page';

// The set-up the group feature's tests share: their group, the shell's calls, the shell around a tab.

/** A public group (auth 2) of 12 members, id 7, owned by olivia. */
export const GROUP: Group = {
  id: 7,
  name: 'Algorithm Club',
  shortName: 'algoc',
  brief: 'We solve problems together',
  description: 'Welcome to the club.',
  owner: 'olivia',
  uid: 'u-owner',
  auth: 2,
  code: null,
  visible: true,
  avatar: null,
  status: 0,
  memberCount: 12,
  minAcToPost: null,
  gmtCreate: '2026-01-02T08:00:00.000Z',
  gmtModified: '2026-01-02T08:00:00.000Z',
};

/** The group shell's two calls (the group, the viewer's membership level), then the test's own answers. */
export const stubGroup = (level: number, extra: Record<string, () => Response> = {}) =>
  stubServer({ '/api/get-group-detail': json(GROUP), '/api/get-group-auth': json(level), ...extra });

/** The group shell at /group/:groupID with the tabs under it, beside the pages a test leaves the group for. */
export const renderGroup = (path: string, tabs: RouteObject[], elsewhere: RouteObject[] = []) =>
  renderWithProviders([{ path: '/group/:groupID', element: <GroupDetailPage />, children: tabs }, ...elsewhere], path);
