/** Spec section 9: business constants and limits. */
export const APP_VERSION = '4.7.0';
export const SCRIPT_LOAD_TIMEOUT_MS = 30_000;
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5_000;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const TOAST_DURATION_MS = 10_000;
export const PASSWORD_MIN = 5;
export const PASSWORD_MAX = 255;
