/**
 * Spec section 2, navigation rules. Moving to /home or /card-on-file from another page, or leaving
 * the configuration page, is a full page load: those pages must start with a freshly loaded SDK
 * and configuration, not with what the previous page left in memory.
 */
const FULL_LOAD_TARGETS = ['/home', '/card-on-file'];
const CONFIGURATION_PATH = '/srci/config';

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export function needsFullPageLoad(fromPath: string, toPath: string): boolean {
  const from = trimSlash(fromPath);
  const to = trimSlash(toPath);
  if (from === to) return false;
  if (from === CONFIGURATION_PATH) return true;
  return FULL_LOAD_TARGETS.includes(to);
}

/** Whether the move turns the hosted-checkout session flag off (only the /home and /card-on-file rule does). */
export function clearsHostedCheckout(fromPath: string, toPath: string): boolean {
  const to = trimSlash(toPath);
  return trimSlash(fromPath) !== to && FULL_LOAD_TARGETS.includes(to);
}

/** Spec section 5: a redirect target is accepted only when relative and made of safe characters. */
export function safeRedirectPath(target: string | null | undefined): string | null {
  if (!target) return null;
  if (!/^\/(?![/\\])[A-Za-z0-9\-._~/?=&%]*$/.test(target)) return null;
  return target;
}
