import { STORAGE_KEYS } from '@c2p/domain';

type Key = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// Storage can be unavailable (private mode, blocked cookies); the app then simply forgets.
function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

export const local = {
  get: (key: Key): string | null => safe(() => window.localStorage.getItem(key), null),
  set: (key: Key, value: string): void => safe(() => window.localStorage.setItem(key, value), undefined),
  remove: (key: Key): void => safe(() => window.localStorage.removeItem(key), undefined),
};

export const session = {
  get: (key: Key): string | null => safe(() => window.sessionStorage.getItem(key), null),
  set: (key: Key, value: string): void => safe(() => window.sessionStorage.setItem(key, value), undefined),
  remove: (key: Key): void => safe(() => window.sessionStorage.removeItem(key), undefined),
};
