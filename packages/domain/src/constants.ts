/** Spec section 9: business constants and limits. */
export const APP_VERSION = '4.7.0';
export const SCRIPT_LOAD_TIMEOUT_MS = 30_000;
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5_000;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const TOAST_DURATION_MS = 10_000;
export const PASSWORD_MIN = 5;
export const PASSWORD_MAX = 255;
/** Not-supported screen below this width on small touch devices; the narrow layout runs from 360 px to it. */
export const MOBILE_LIMIT_PX = 991;
export const NARROW_LAYOUT_MIN_PX = 360;
/** Links on the page have their route's code fetched once the page has been idle this long. */
export const LINK_PREFETCH_IDLE_MS = 2_000;
/** A wait shows its labelled progress only once it has lasted this long (no flash for quick answers). */
export const FETCH_MIN_DISPLAY_DELAY_MS = 200;
