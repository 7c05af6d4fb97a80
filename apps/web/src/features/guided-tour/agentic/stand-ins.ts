import type { Party } from '@c2p/agentic';
import type { Product } from '@c2p/domain';
import { NetworkStandIn, type TourCard } from './network-stand-in';
import { ShopStandIn } from './shop-stand-in';
import { answer, type StandInRequest } from './stand-in-http';

/** The network and the shop as the tour's agent reaches them: in this page, at their real routes. */
export interface StandIns {
  readonly network: NetworkStandIn;
  readonly shop: ShopStandIn;
  readonly merchant: Party;
  readonly networkBase: string;
  readonly shopBase: string;
  /** What the agent fetches with: each party answers its own routes. */
  readonly fetch: typeof fetch;
}

export async function createStandIns(options: {
  /** The page's origin: the agent addresses the parties' routes on it, as in the live tool. */
  readonly origin: string;
  readonly merchant: Omit<Party, 'website'>;
  readonly products: readonly Product[];
  readonly shopper: { readonly id: string; readonly email: string };
  readonly card: TourCard;
}): Promise<StandIns> {
  const { origin, products, shopper, card } = options;
  const merchant = { ...options.merchant, website: origin };
  const networkBase = `${origin}/sandbox`;
  // The network encrypts payments to the shop's payload key; the shop reads the network's directories.
  const payees: { shop?: ShopStandIn } = {};
  const network = await NetworkStandIn.create({
    base: networkBase,
    shopper,
    card,
    payeeKey: (payee) => payees.shop?.payeeKey(payee),
  });
  const shop = (payees.shop = await ShopStandIn.create({ merchant, products, network }));
  const parties = [network, shop];
  const standInFetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const request: StandInRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      url,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      ...(typeof init.body === 'string' && { body: init.body }),
    };
    let answered = undefined;
    for (const party of url.origin === origin ? parties : []) answered ??= await party.handle(request);
    const { status, body } = answered ?? answer(404, { status: 404, reason: 'NOT_FOUND', message: 'No such route' });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { network, shop, merchant, networkBase, shopBase: origin, fetch: standInFetch };
}
