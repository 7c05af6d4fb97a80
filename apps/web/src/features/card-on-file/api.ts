import type {
  CardCredentialsRequest,
  CardCredentialsResponse,
  CardOnFilePayment,
  DeleteCardResponse,
  SaveCardResponse,
  SavedCard,
  SavedCardsResponse,
} from '@c2p/domain';
import { api, ApiError } from '../../lib/api-client';
import { logServerCall } from '../../lib/click-to-pay/client';

type Method = 'GET' | 'POST' | 'DELETE';

/**
 * One of our server's card-on-file calls, recorded in the API log with the network call it made
 * (the `network` member of the answer), answered or not. The encrypted card is shown shortened.
 */
async function logged<T>(name: string, method: Method, path: string, body?: unknown): Promise<T> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const shown = shortened(body);
  try {
    const answer = await api<T>(path, { method, body });
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

export const merchantCardsApi = {
  list: async (): Promise<SavedCard[]> => (await api<SavedCardsResponse>('/api/merchantCards')).data,
  /** The card encrypted in the browser to the network's key: the server never sees it in clear. */
  save: async (encryptedCard: string): Promise<SavedCard> =>
    (await logged<SaveCardResponse>('saveCardOnFile', 'POST', '/api/merchantCards', { encryptedCard })).data,
  remove: async (id: string): Promise<void> => {
    await logged<DeleteCardResponse>('deleteCardOnFile', 'DELETE', `/api/merchantCards/${encodeURIComponent(id)}`);
  },
  credentials: async (id: string, request: CardCredentialsRequest): Promise<CardOnFilePayment> =>
    (
      await logged<CardCredentialsResponse>(
        'cardOnFileCredentials',
        'POST',
        `/api/merchantCards/${encodeURIComponent(id)}/credentials`,
        request,
      )
    ).data,
};
