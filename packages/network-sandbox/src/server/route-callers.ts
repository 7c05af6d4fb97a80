// The sandbox's routes by who may call them (callers.ts, SECURITY.md "The trust model"): each route
// names one of these, or its own list.
import type { Caller } from '@c2p/domain/api';

const servedTo = (...callers: Caller[]) => ({ config: { callers } }) as const;

export const ANYONE = servedTo('anyone');
/** The merchant's page (or its server) holding an SDK session token. */
export const MERCHANT_PAGE = servedTo('merchant-page');
/** The network's own window in the shopper's browser (its window token). */
export const WINDOW_ONLY = servedTo('network-window');
/** The merchant's page, or the network's hosted window acting for that page's session. */
export const PAGE_OR_HOSTED_WINDOW = servedTo('merchant-page', 'network-window');
/** A merchant's server, by its OAuth-signed request. */
export const MERCHANT_SERVER = servedTo('merchant-server');
/** A page of the sandbox's own origin. */
export const SANDBOX_PAGE = servedTo('sandbox-page');
