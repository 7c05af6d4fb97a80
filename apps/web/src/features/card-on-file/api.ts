import type { CardCredentialsRequest, CardOnFilePayment, SavedCard } from '@c2p/domain';
import type { ApiRoute } from '@c2p/domain/api';
import { ApiError, callApi, routesOf, type RouteCall, type RouteRef } from '../../lib/api-client';

const routes = routesOf('merchantCardsApi');
import { logServerCall } from '../../lib/click-to-pay/client';

/**
 * One of our server's card-on-file calls, recorded in the API log with the network call it made
 * (the `network` member of the answer), answered or not. The encrypted card is shown shortened.
 */
async function logged<R extends ApiRoute>(
  name: string,
  method: 'POST' | 'DELETE',
  route: RouteRef<R>,
  call: RouteCall<R> & { path: string },
) {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const { path } = call;
  const shown = shortened(call.body);
  try {
    const answer = await callApi(route, call);
    logServerCall(name, { method, path, body: shown }, answer, false, { httpStatus: 200, durationMs: took() });
    return answer;
  } catch (error) {
    const response =
      error instanceof ApiError ? { status: error.status, message: error.message, ...error.body } : error;
    logServerCall(name, { method, path, body: shown }, response, true, {
      httpStatus: error instanceof ApiError ? error.status : undefined,
      durationMs: took(),
    });
    throw error;
  }
}

function shortened(body: unknown): unknown {
  if (body && typeof body === 'object' && 'encryptedCard' in body) {
    const value = String((body as { encryptedCard: unknown }).encryptedCard);
    return { ...body, encryptedCard: `${value.slice(0, 24)}…` };
  }
  return body;
}

const cardPath = (id: string, rest = '') => `/api/merchantCards/${encodeURIComponent(id)}${rest}`;

export const merchantCardsApi = {
  list: async (): Promise<SavedCard[]> => (await callApi(routes.list)).data,
  /** The card encrypted in the browser to the network's key: the server never sees it in clear. */
  save: async (encryptedCard: string): Promise<SavedCard> =>
    (await logged('saveCardOnFile', 'POST', routes.save, { path: '/api/merchantCards', body: { encryptedCard } })).data,
  remove: async (id: string): Promise<void> => {
    await logged('deleteCardOnFile', 'DELETE', routes.remove, { path: cardPath(id) });
  },
  credentials: async (id: string, request: CardCredentialsRequest): Promise<CardOnFilePayment> =>
    (
      await logged('cardOnFileCredentials', 'POST', routes.credentials, {
        path: cardPath(id, '/credentials'),
        body: request,
      })
    ).data,
};
