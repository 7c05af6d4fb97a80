import {
  SCREEN_CONFIG_KEY,
  storedOrDefaultScreenConfiguration,
  type ConfigurationBundle,
  type ScreenConfiguration,
} from '@c2p/domain/configuration';
import {
  checkoutConfiguration,
  commonSettings,
  saveCheckoutConfiguration,
  saveStoreConfiguration,
  storeConfiguration,
} from '../../lib/click-to-pay/settings';
import { local } from '../../lib/storage';
import { STORAGE_KEYS } from '@c2p/domain';

function readScreen(): ScreenConfiguration {
  try {
    return storedOrDefaultScreenConfiguration(window.localStorage.getItem(SCREEN_CONFIG_KEY));
  } catch {
    return storedOrDefaultScreenConfiguration(null);
  }
}

/** The whole configuration as stored in this browser (each part replaced by its defaults on another version). */
export function loadBundle(): ConfigurationBundle {
  return {
    checkout: checkoutConfiguration(),
    store: storeConfiguration(),
    settings: commonSettings(),
    screen: readScreen(),
  };
}

/** Writes each part under its own key, where the live tool and the component pages read it. */
export function saveBundle(bundle: ConfigurationBundle): void {
  saveCheckoutConfiguration(bundle.checkout);
  saveStoreConfiguration(bundle.store);
  local.set(STORAGE_KEYS.commonSettings, JSON.stringify(bundle.settings));
  try {
    window.localStorage.setItem(SCREEN_CONFIG_KEY, JSON.stringify(bundle.screen));
  } catch {
    // Without storage nothing is kept; the screen says saved for this page only.
  }
}

/** Reads `a.b.0.c` in a plain JSON value. */
export function getAt(value: unknown, path: string): unknown {
  let node: unknown = value;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** A copy of `value` with `a.b.0.c` set to `next`. */
export function setAt<T>(value: T, path: string, next: unknown): T {
  const copy = structuredClone(value) as unknown as Record<string, unknown>;
  const parts = path.split('.');
  let node: Record<string, unknown> = copy;
  for (const part of parts.slice(0, -1)) node = node[part] as Record<string, unknown>;
  node[parts[parts.length - 1]!] = next;
  return copy as T;
}

/** A share link is kept across the sign-in detour in the tab's session storage. */
const PENDING_LINK_KEY = 'pending-shared-configuration';

export function stashSharedConfiguration(hash: string): void {
  try {
    if (hash.startsWith('#config=')) window.sessionStorage.setItem(PENDING_LINK_KEY, hash.slice('#config='.length));
  } catch {
    // The link is then simply not applied after sign-in.
  }
}

/** The shared configuration from the URL's hash, or one kept before a sign-in; taken once. */
export function takeSharedConfiguration(): string | null {
  try {
    if (window.location.hash.startsWith('#config=')) {
      const value = window.location.hash.slice('#config='.length);
      window.history.replaceState(window.history.state, '', window.location.pathname);
      return value;
    }
    const kept = window.sessionStorage.getItem(PENDING_LINK_KEY);
    window.sessionStorage.removeItem(PENDING_LINK_KEY);
    return kept;
  } catch {
    return null;
  }
}
