import { createStore, useStore } from './create-store';

/** What the account dialog shows (Login, Register and Reset Password are one 370 px dialog). */
export type AccountDialogMode = 'login' | 'register' | 'reset';

/** The login dialog is opened from many places (guards, the HTTP client on 401, menu buttons). */
export const loginDialogStore = createStore<{ open: boolean; mode: AccountDialogMode }>({ open: false, mode: 'login' });

export const loginDialog = {
  open: (mode: AccountDialogMode = 'login') => loginDialogStore.set({ open: true, mode }),
  close: () => loginDialogStore.set({ open: false, mode: 'login' }),
};

export const useLoginDialog = () => useStore(loginDialogStore);
