import type { AdminUser, Contest } from '@oj/shared';

/** Rows the web tests build again and again, one place each: override only what a test is about. */

/** A user row of the admin user list (GET /api/admin/user/get-user-list): a plain user, nothing filled in. */
export const adminUserRow = (fields: Pick<AdminUser, 'uid' | 'username'> & Partial<AdminUser>): AdminUser => ({
  nickname: null,
  realname: null,
  email: null,
  school: null,
  number: null,
  gender: null,
  titleName: null,
  titleColor: null,
  status: 0,
  regState: null,
  gmtCreate: '2025-03-01T08:00:00.000Z',
  gmtModified: '2025-03-01T08:00:00.000Z',
  roles: [{ id: 1003, role: 'user', description: '' }],
  ...fields,
});

/** A public ACM contest running from 08:00 to 13:00 UTC on 2026-01-01, seen at 09:00, by root. */
export const contestFixture = (fields: Pick<Contest, 'id' | 'title'> & Partial<Contest>): Contest =>
  ({
    description: '',
    type: 0,
    auth: 0,
    status: 0,
    startTime: '2026-01-01T08:00:00.000Z',
    endTime: '2026-01-01T13:00:00.000Z',
    now: '2026-01-01T09:00:00.000Z',
    duration: 18_000,
    author: 'root',
    sealRank: false,
    openPrint: false,
    sealRankTime: null,
    rankShowName: 'username',
    openRank: false,
    oiRankScoreType: 'Recent',
    count: 3,
    gid: null,
    allowEndSubmit: false,
    ...fields,
  }) as Contest;
