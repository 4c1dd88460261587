import { LIMITS } from '@oj/shared';
import { createStore, useStore } from '../../lib/create-store';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';

/** The login failure counter (the puzzle appears after 5 failures), kept in the browser. The server counts too and
 * decides (decision 0014): when it asks for the proof, the form opens the puzzle whatever this counter says. */
const initial = Number(readStorage(STORAGE_KEYS.loginFailures) ?? 0) || 0;
export const loginFailuresStore = createStore<number>(initial);

const save = (n: number) => {
  loginFailuresStore.set(n);
  writeStorage(STORAGE_KEYS.loginFailures, n ? String(n) : null);
};

export const loginFailures = {
  increment: () => save(loginFailuresStore.get() + 1),
  reset: () => save(0),
};

/** From 5 failures on, a slide puzzle must be solved before a login is sent. */
export const needsPuzzle = (failures: number) => failures >= LIMITS.loginFailuresBeforePuzzle;

export const useLoginFailures = () => useStore(loginFailuresStore);
