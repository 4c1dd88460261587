import { type Access, permissionsOf, ROLES } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../modules/auth/session.service.js';
import { DEFAULT_SWITCHES } from '../modules/site/site.service.js';
import { checkAccess } from './guard.js';

const userWith = (role: string): AuthUser => ({
  uid: role,
  username: role,
  roles: [role],
  permissions: permissionsOf([role]),
  sessionId: 1,
});

// Who may pass each access level, derived from the roles table so a new role is covered automatically.
const expected: Record<Exclude<Access, 'judge'>, (role: string) => boolean> = {
  public: () => true,
  user: () => true,
  admin: (r) => ['root', 'admin', 'problem_admin'].includes(r),
  root: (r) => r === 'root',
};

describe('checkAccess role matrix', () => {
  for (const access of Object.keys(expected) as (keyof typeof expected)[]) {
    for (const role of ROLES) {
      it(`${access} endpoint, role ${role.name}`, () => {
        const err = checkAccess({ access }, userWith(role.name), DEFAULT_SWITCHES);
        expect(err === null).toBe(expected[access](role.name));
        if (err) expect(err.status).toBe(403);
      });
    }
  }

  it('answers 401 to a visitor on anything but public', () => {
    expect(checkAccess({ access: 'public' }, undefined, DEFAULT_SWITCHES)).toBeNull();
    for (const access of ['user', 'admin', 'root'] as const) {
      expect(checkAccess({ access }, undefined, DEFAULT_SWITCHES)?.status).toBe(401);
    }
  });

  it('enforces permissions: roles 1006 and 1007 cannot submit, users can', () => {
    const submit = { access: 'user' as const, permission: 'submit' as const };
    expect(checkAccess(submit, userWith('user'), DEFAULT_SWITCHES)).toBeNull();
    expect(checkAccess(submit, userWith('no_subimit_no_discuss_user'), DEFAULT_SWITCHES)?.status).toBe(403);
    expect(checkAccess(submit, userWith('no_subimit_mute_user'), DEFAULT_SWITCHES)?.status).toBe(403);
  });

  it('restricts to listed roles (tags: root and problem_admin)', () => {
    const tags = { access: 'admin' as const, roles: ['root' as const, 'problem_admin' as const] };
    expect(checkAccess(tags, userWith('problem_admin'), DEFAULT_SWITCHES)).toBeNull();
    expect(checkAccess(tags, userWith('admin'), DEFAULT_SWITCHES)?.status).toBe(403);
  });

  it('closes a switched-off area with 403 except for root', () => {
    const closed = { ...DEFAULT_SWITCHES, openPublicDiscussion: false };
    const discuss = { access: 'public' as const, switch: 'openPublicDiscussion' as const };
    const err = checkAccess(discuss, userWith('user'), closed);
    expect(err?.status).toBe(403);
    expect(err?.key).toBe('areaClosed');
    expect(checkAccess(discuss, userWith('root'), closed)).toBeNull();
    expect(checkAccess(discuss, undefined, DEFAULT_SWITCHES)).toBeNull();
  });
});
