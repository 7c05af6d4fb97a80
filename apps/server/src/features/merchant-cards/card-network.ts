import { createRemoteJWKSet, type CompactVerifyGetKey } from 'jose';
import { rsaExponentProblem, rsaModulusProblem } from '@c2p/domain';
import type { PayloadKey } from '../payments/merchant-keys.ts';
import {
  callNetwork,
  NetworkError,
  networkReason,
  type NetworkAnswer,
  type NetworkRequest,
  type NetworkSettings,
} from '../payments/network-client.ts';
import { oauthAuthorization, type SigningKey } from '../payments/network-signing.ts';
import { asObject, nonEmptyString } from '../../lib/json-values.ts';

type CardRequest = Omit<NetworkRequest, 'authorize' | 'headers'>;

/** The network's Card on File API as this merchant calls it: signed, with its client id. */
export interface CardNetwork {
  clientId: string;
  srcDpaId: string;
  /** The API base for a call; when there is none, a NetworkError recording the call that could not be made. */
  baseUrl(method: string, path: string, body: unknown): string;
  call(request: CardRequest): Promise<NetworkAnswer>;
  /** A call that needs our payload key at the sandbox: registered first, and again if the sandbox lost it. */
  keyedCall(request: CardRequest, base: string): Promise<NetworkAnswer>;
  /** The network's public keys, which sign its answers: a weak one is refused. */
  keysAt(base: string): CompactVerifyGetKey;
}

export function cardNetwork(
  network: NetworkSettings,
  key: PayloadKey,
  signingKey: SigningKey,
  srcDpaId: string,
): CardNetwork {
  let registered = false;
  let keys: { base: string; set: CompactVerifyGetKey } | undefined;
  const authorize = (method: string, url: string, body: string) =>
    oauthAuthorization({ method, url, body, consumerKey: network.clientId, privateKey: signingKey.privateKey });
  const headers = () => ({ 'x-openapi-clientid': network.clientId });
  const call = (request: CardRequest) => callNetwork({ ...request, headers: headers(), authorize });

  function baseUrl(method: string, path: string, body: unknown): string {
    try {
      return network.baseUrl();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const record = { method, url: path, headers: headers(), body, status: null, response: { error: reason } };
      throw new NetworkError(reason, record);
    }
  }

  async function registerKey(base: string): Promise<void> {
    const url = `${base}/dpas/${encodeURIComponent(srcDpaId)}/key`;
    const answer = await call({ method: 'PUT', url, body: key.publicJwk });
    if (!answer.ok) throw new NetworkError(`registering the payload key: ${failure(answer)}`, answer.record);
    registered = true;
  }

  async function keyedCall(request: CardRequest, base: string): Promise<NetworkAnswer> {
    if (network.isSandbox && !registered) await registerKey(base);
    let answer = await call(request);
    if (network.isSandbox && answer.status === 403 && networkReason(answer.body) === 'PERMISSION_DENIED') {
      registered = false;
      await registerKey(base);
      answer = await call(request);
    }
    return answer;
  }

  function keysAt(base: string) {
    if (keys?.base !== base) keys = { base, set: soundKeysOnly(createRemoteJWKSet(new URL(`${base}/keys`))) };
    return keys.set;
  }

  return { clientId: network.clientId, srcDpaId, baseUrl, call, keyedCall, keysAt };
}

/**
 * The keys of a JWKS, each refused unless it is a sound RSA key (2048 bits or more, an odd exponent
 * of at least 65537): with a small modulus or an exponent of 1 anyone could sign as the network.
 */
function soundKeysOnly(keySet: ReturnType<typeof createRemoteJWKSet>): CompactVerifyGetKey {
  return async (header, token) => {
    const key = await keySet(header, token);
    const { modulusLength, publicExponent } = key.algorithm as { modulusLength?: number; publicExponent?: Uint8Array };
    const problem =
      modulusLength === undefined || publicExponent === undefined
        ? { message: 'it is not an RSA key' }
        : (rsaModulusProblem(modulusLength) ?? rsaExponentProblem(publicExponent));
    if (problem) throw new Error(`the network's key ${header.kid ?? '(no kid)'} is refused: ${problem.message}`);
    return key;
  };
}

/** A failed call in a few words: unreachable (and why), or the status and the network's reason. */
export function failure(answer: NetworkAnswer): string {
  if (answer.status === null) {
    const reason = nonEmptyString(asObject(answer.record.response).error);
    return `network unreachable${reason ? `: ${reason}` : ''}`;
  }
  const reason = networkReason(answer.body);
  return `HTTP ${answer.status}${reason ? ` ${reason}` : ''}`;
}
