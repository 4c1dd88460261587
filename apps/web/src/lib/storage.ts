/** Keys of the browser storage; one place so tabs agree on them. */
export const STORAGE_KEYS = {
  token: 'token',
  userInfo: 'userInfo',
  language: 'language',
  loginFailures: 'loginFailNum',
} as const;

// Storage can throw (private mode, quota, disabled cookies): the app must keep working without persistence.
export const readStorage = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

export const writeStorage = (key: string, value: string | null) => {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Persistence is a convenience; the in-memory state stays authoritative for this tab.
  }
};

export const readJson = <T>(key: string): T | null => {
  const raw = readStorage(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
};
