import type { ClickToPayPayment, ConfirmationRequest, ConfirmationResponse, GetPayloadRequest } from '@c2p/domain';
import { paymentsApi, type ApiRoute, type BodyOf, type SuccessOf } from '@c2p/domain/api';
import { ApiError, callApi } from '../../../lib/api-client';
import { logServerCall } from '../../../lib/click-to-pay/client';

/** Calls one of our server's Click to Pay endpoints and records it in the API log, answered or not. */
async function logged<R extends ApiRoute>(name: string, route: R, body: BodyOf<R>): Promise<SuccessOf<R>> {
  const path = route.url;
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const answer = await callApi(route, { body });
    logServerCall(name, { method: 'POST', path, body }, answer, false, { httpStatus: 200, durationMs: took() });
    return answer;
  } catch (error) {
    const response =
      error instanceof ApiError ? { status: error.status, message: error.message, ...error.body } : error;
    logServerCall(name, { method: 'POST', path, body }, response, true, {
      httpStatus: error instanceof ApiError ? error.status : undefined,
      durationMs: took(),
    });
    throw error;
  }
}

/** Our server fetches the payload from the network, decrypts and keeps it, and answers what a receipt shows. */
export async function getPayload(request: GetPayloadRequest): Promise<ClickToPayPayment> {
  return (await logged('getPayload', paymentsApi.getPayload, request)).data;
}

/** The post-transaction confirmation, once the order is placed. */
export async function confirmPayment(request: ConfirmationRequest): Promise<ConfirmationResponse['data']> {
  return (await logged('confirmation', paymentsApi.confirmation, request)).data;
}
