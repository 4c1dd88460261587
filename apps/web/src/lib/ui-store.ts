import { createStore, useStore } from './create-store';

/** The login dialog is opened from many places (guards, the HTTP client on 401, menu buttons). */
export const loginDialogStore = createStore<{ open: boolean }>({ open: false });

export const loginDialog = {
  open: () => loginDialogStore.set({ open: true }),
  close: () => loginDialogStore.set({ open: false }),
};

export const useLoginDialog = () => useStore(loginDialogStore);
