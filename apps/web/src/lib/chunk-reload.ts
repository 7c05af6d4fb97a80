import { CHUNK_RELOAD_GUARD_MS } from '@c2p/domain';

const LAST_RELOAD_KEY = 'chunk-reload-at';

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * After a new release the old chunk files are gone; reloading fetches the new ones. The guard keeps
 * a chunk that is truly broken from reloading the page in a loop: at most one reload a minute.
 */
export function reloadForChunkError(now = Date.now()): boolean {
  let last = 0;
  try {
    last = Number(window.sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0);
    if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
    window.sessionStorage.setItem(LAST_RELOAD_KEY, String(now));
  } catch {
    if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  }
  window.location.reload();
  return true;
}
