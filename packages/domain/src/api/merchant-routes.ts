import { errors, routeGroup } from './contract.ts';

/** Who may call a route: names of the security schemes that MERCHANT_SECURITY_SCHEMES (merchant.ts) describes. */
export const SHOPPER_ONLY = [{ shopperToken: [] }];
const ADMIN_ONLY = [{ adminSession: [] }];
const PRODUCTS_KEY = [{ productsApiKey: [] }];
const AGENT_SIGNED = [{ agentSignature: [] }];

/**
 * The route builders of one area of the merchant API (one tag of its document), by who may call the
 * route; a route behind a credential refuses a call without one (401), an admin route anyone else (403).
 */
export function areaRoutes(tag: string) {
  const tags = [tag];
  return {
    anyone: routeGroup({ tags, security: [] }),
    shopper: routeGroup({ tags, security: SHOPPER_ONLY, response: errors(401) }),
    admin: routeGroup({ tags, security: ADMIN_ONLY, response: errors(401, 403) }),
    withProductsKey: routeGroup({ tags, security: PRODUCTS_KEY, response: errors(401) }),
    agent: routeGroup({ tags, security: AGENT_SIGNED, response: errors(401) }),
  };
}
