import type { UserInfo } from '@oj/shared';
import { isAdminRole, isRoot } from '@oj/shared';
import { createStore, useStore } from './create-store';
import { readJson, readStorage, STORAGE_KEYS, writeStorage } from './storage';

export interface Session {
  token: string | null;
  user: UserInfo | null;
  /** Role names, refreshed from get-user-auth-info (they may change while the user is signed in). */
  roles: string[];
}

const loadSession = (): Session => {
  const token = readStorage(STORAGE_KEYS.token);
  const user = token ? readJson<UserInfo>(STORAGE_KEYS.userInfo) : null;
  return { token, user, roles: user?.roleList ?? [] };
};

export const sessionStore = createStore<Session>(loadSession());

const persist = (s: Session) => {
  writeStorage(STORAGE_KEYS.token, s.token);
  writeStorage(STORAGE_KEYS.userInfo, s.user ? JSON.stringify(s.user) : null);
};

export const session = {
  token: () => sessionStore.get().token,
  setToken(token: string) {
    sessionStore.set((s) => ({ ...s, token }));
    writeStorage(STORAGE_KEYS.token, token);
  },
  signIn(token: string, user: UserInfo) {
    const next = { token, user, roles: user.roleList };
    sessionStore.set(next);
    persist(next);
  },
  setRoles(roles: string[]) {
    sessionStore.set((s) => {
      const user = s.user ? { ...s.user, roleList: roles } : null;
      const next = { ...s, user, roles };
      persist(next);
      return next;
    });
  },
  clear() {
    const next = { token: null, user: null, roles: [] };
    sessionStore.set(next);
    persist(next);
  },
  /** Another tab changed the stored token: take its state (adopted when this tab becomes visible again). */
  reloadFromStorage(): 'unchanged' | 'adopted' | 'removed' {
    const current = sessionStore.get();
    const stored = readStorage(STORAGE_KEYS.token);
    if (stored === current.token) return 'unchanged';
    if (!stored) {
      sessionStore.set({ token: null, user: null, roles: [] });
      writeStorage(STORAGE_KEYS.userInfo, null);
      return 'removed';
    }
    sessionStore.set(loadSession());
    return 'adopted';
  },
};

export const useSession = () => {
  const s = useStore(sessionStore);
  return {
    ...s,
    isAuthenticated: !!s.token && !!s.user,
    isAdmin: isAdminRole(s.roles),
    isSuperAdmin: isRoot(s.roles),
  };
};
