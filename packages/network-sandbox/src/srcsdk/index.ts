// The sandbox's network-level SRC SDK (srcsdk.mastercard.js): `window.SRCSDK_MASTERCARD`, the
// EMVCo-style surface some integrations drive instead of lib.js (reference sections 1, 3, 5.1, 6.2).
// It talks to the same internal API as lib.js, so both see the same consumers, cards and sessions.
import { callSandbox, fail, isObject, isWindow, openWindow, type Json } from '../sdk/sandbox-client.ts';

export type { SdkError as SrcError } from '../sdk/sandbox-client.ts';

const script = document.currentScript as HTMLScriptElement | null;
const SANDBOX_ORIGIN = new URL(script?.src ?? `${location.origin}/sandbox/sdk/srcsdk.mastercard.js`, location.href)
  .origin;

let session: string | undefined;
/** The init's dpaLocale, for the network's window. */
let locale = 'en_US';

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  if (path !== '/init' && !session) throw fail('INVALID_REQUEST', 'Call init and wait for it to resolve first');
  const data = await callSandbox(SANDBOX_ORIGIN, session, { method, path, body });
  return data as T;
}

interface Profile {
  cards: Json[];
  idToken?: string;
  maskedConsumer?: Json;
  srcCorrelationId?: string;
}

/** Shows the DCF in the window and waits for its answer; a closed popup is a CANCEL. */
async function awaitCheckout(windowRef: Window, checkoutId: string): Promise<void> {
  await openWindow(SANDBOX_ORIGIN, session!, windowRef, { kind: 'CHECKOUT', checkoutId }, locale, async () => {
    await call('POST', `/checkouts/${encodeURIComponent(checkoutId)}/action`, { action: 'CANCEL' }).catch(
      () => undefined,
    );
    return {};
  });
}

/**
 * The page's windowRef, or, without one, a window of the network's own, as its SDK opens one (a
 * popup: call from the shopper's click, or the browser may block it).
 */
function ownWindowOr(given: unknown): Window {
  const windowRef =
    given === undefined ? window.open('', `src-dcf-${Date.now()}`, 'popup,width=480,height=640') : given;
  if (isWindow(windowRef)) return windowRef;
  throw fail(
    'INVALID_PARAMETER',
    given === undefined ? 'The browser blocked the network’s popup' : 'windowRef must be a window (popup or iframe)',
  );
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** The reference types an idToken as one JWT string (getSrcProfile alone takes an array, idTokens). */
function assertIdToken(params: Json): void {
  if (params.idToken !== undefined && !isString(params.idToken)) {
    throw fail('INVALID_PARAMETER', 'idToken must be a string (one JWT, as completeIdentityValidation answers it)');
  }
}

/** A new card names its brand, as encryptCard answers it. */
function assertCardBrand(params: Json): void {
  if (!isString(params.cardBrand) || params.cardBrand === '') {
    throw fail('INVALID_PARAMETER', 'cardBrand is required with encryptedCard (mastercard, maestro, visa, ...)');
  }
}

export const SRCSDK_MASTERCARD = {
  /** `init({ srciTransactionId, srcInitiatorId, srciDpaId, dpaData, dpaTransactionOptions })`. */
  async init(params: Json = {}): Promise<Json> {
    if (!isObject(params)) throw fail('INVALID_PARAMETER', 'init takes an object');
    const missing: [string, boolean][] = [
      ['SRCI_ID_MISSING', typeof params.srcInitiatorId !== 'string' || params.srcInitiatorId === ''],
      ['DPA_ID_MISSING', typeof params.srciDpaId !== 'string' || params.srciDpaId === ''],
      ['SRCI_TXID_MISSING', typeof params.srciTransactionId !== 'string' || params.srciTransactionId === ''],
      ['DPA_TXOPT_MISSING', !isObject(params.dpaTransactionOptions)],
    ];
    const first = missing.find(([, isMissing]) => isMissing);
    if (first) throw fail(first[0], `init needs ${first[0].replace(/_MISSING$/, '')}`);
    const options = params.dpaTransactionOptions as Json;
    const dpaData = isObject(params.dpaData) ? params.dpaData : {};
    session = undefined;
    const answer = await call<{ sessionToken: string }>('POST', '/init', {
      srcDpaId: params.srciDpaId,
      dpaData: { ...dpaData, dpaName: dpaData.dpaName ?? dpaData.dpaPresentationName ?? params.srciDpaId },
      // Without it the network makes no passkey and asks none (the page's dpaName is required for them).
      dpaNameGiven: typeof dpaData.dpaName === 'string' && dpaData.dpaName !== '',
      dpaTransactionOptions: { ...options, dpaLocale: options.dpaLocale ?? 'en_US' },
      cardBrands: ['mastercard', 'maestro'],
      ...(typeof params.recognitionToken === 'string' ? { recognitionToken: params.recognitionToken } : {}),
    });
    session = answer.sessionToken;
    locale = String(options.dpaLocale ?? 'en_US');
    return {};
  },

  /** `{ recognized, idTokens? }`: the browser is remembered (cookie or the init's recognition token). */
  async isRecognized(): Promise<Json> {
    const profile = await call<Profile>('GET', '/cards');
    return profile.idToken ? { recognized: true, idTokens: [profile.idToken] } : { recognized: false };
  },

  /**
   * `identityLookup({ consumerIdentity: { identityType, identityValue }, returnValidationChannels? })` →
   * `{ consumerPresent, supportedValidationChannels? }`; the channels include the payment passkey
   * where this browser holds one for the profile.
   */
  async identityLookup(params: Json = {}): Promise<Json> {
    const identity = isObject(params.consumerIdentity) ? params.consumerIdentity : undefined;
    if (!identity || typeof identity.identityValue !== 'string') {
      throw fail('CONSUMER_ID_MISSING', 'consumerIdentity.identityValue is required');
    }
    const phone = identity.identityType === 'MOBILE_PHONE_NUMBER' || identity.identityType === 'SMS';
    return call('POST', '/lookup', {
      ...(phone ? { mobileNumber: { phoneNumber: identity.identityValue } } : { email: identity.identityValue }),
      ...(params.returnValidationChannels === true ? { returnValidationChannels: true } : {}),
    });
  },

  /** → `{ maskedValidationChannel, supportedValidationChannels }`. */
  async initiateIdentityValidation(params: Json = {}): Promise<Json> {
    const { maskedValidationChannel, supportedValidationChannels } = await call<Json>(
      'POST',
      '/validation/initiate',
      isObject(params) ? params : {},
    );
    return { maskedValidationChannel, supportedValidationChannels };
  },

  /** `completeIdentityValidation({ validationData })` → `{ idToken, recognitionToken? }`. */
  async completeIdentityValidation(params: Json = {}): Promise<Json> {
    if (typeof params.validationData !== 'string' || params.validationData === '') {
      throw fail('VALIDATION_DATA_MISSING', 'validationData (the code the consumer typed) is required');
    }
    const answer = await call<Json>('POST', '/validation/complete', {
      value: params.validationData,
      rememberMe: params.rememberMe === true,
      requestRecognitionToken: params.requestRecognitionToken === true,
      // A REMEMBER_ME resource is the consumer's consent, collected by the merchant's page.
      ...(isObject(params.complianceSettings) ? { complianceSettings: params.complianceSettings } : {}),
    });
    return {
      idToken: answer.idToken,
      ...(typeof answer.recognitionToken === 'string' ? { recognitionToken: answer.recognitionToken } : {}),
    };
  },

  /**
   * `authenticate({ windowRef?, accountReference: { consumerIdentity }, requestRecognitionToken? })`:
   * in the network's window, the payment passkey where this device has one for the profile, else the
   * code, and Remember me → what completeIdentityValidation answers, which it wraps:
   * `{ idToken, recognitionToken? }` (`{}` for an identity with no profile). The method used is in
   * the API log (the window's steps) and the payload's assurance data.
   */
  async authenticate(params: Json = {}): Promise<Json> {
    const identity = isObject(params.accountReference) ? params.accountReference.consumerIdentity : undefined;
    if (!isObject(identity) || typeof identity.identityValue !== 'string') {
      throw fail('INVALID_PARAMETER', 'accountReference.consumerIdentity.identityValue is required');
    }
    const { consumerPresent } = await SRCSDK_MASTERCARD.identityLookup({ consumerIdentity: identity });
    if (!consumerPresent) return {};
    const windowRef = ownWindowOr(params.windowRef);
    const request = { kind: 'CODE' as const, requestRecognitionToken: params.requestRecognitionToken === true };
    const answer = await openWindow(SANDBOX_ORIGIN, session!, windowRef, request, locale, async () => ({
      status: 'CANCEL',
      reason: 'CANCEL',
      message: 'The consumer closed the window',
    }));
    if (answer.status !== 'AUTHENTICATED') {
      throw fail(String(answer.reason ?? 'CANCEL'), String(answer.message ?? 'The consumer did not finish'));
    }
    const profile = await call<Profile>('GET', '/cards');
    return {
      ...(profile.idToken ? { idToken: profile.idToken } : {}),
      ...(typeof answer.recognitionToken === 'string' ? { recognitionToken: answer.recognitionToken } : {}),
    };
  },

  /** `getSrcProfile({ idTokens })` → `{ profiles: [{ maskedConsumer, maskedCards }], srcCorrelationId }`. */
  async getSrcProfile(params: Json = {}): Promise<Json> {
    if (params.idTokens !== undefined && !(Array.isArray(params.idTokens) && params.idTokens.every(isString))) {
      throw fail('INVALID_PARAMETER', 'idTokens must be an array of idToken strings');
    }
    const profile = await call<Profile>('GET', '/cards');
    const asked = Array.isArray(params.idTokens) ? params.idTokens : [];
    if (!profile.idToken || asked.length === 0) {
      throw fail('AUTH_INVALID', 'Pass the idTokens of isRecognized or completeIdentityValidation');
    }
    // The SDK session's correlation id: checkout keeps it, and the merchant's server fetches the
    // payload with it (transaction/credentials).
    return {
      profiles: [{ maskedConsumer: profile.maskedConsumer, maskedCards: profile.cards }],
      srcCorrelationId: profile.srcCorrelationId,
    };
  },

  /**
   * `checkout({ srcDigitalCardId | encryptedCard, windowRef, dpaTransactionOptions?, ... })` →
   * `{ dcfActionCode, checkoutResponse (decoded), checkoutResponseSignature (the JWS), idToken?, unbindAppInstance? }`.
   */
  async checkout(params: Json = {}): Promise<Json> {
    const { windowRef: given, ...rest } = params;
    assertIdToken(rest);
    const newCard = typeof rest.encryptedCard === 'string';
    if (!newCard && typeof rest.srcDigitalCardId !== 'string') {
      throw fail('CARDID_MISSING', 'Pass srcDigitalCardId (or encryptedCard for a new card)');
    }
    if (newCard) assertCardBrand(rest);
    const windowRef = ownWindowOr(given);
    const { checkoutId } = await call<{ checkoutId: string }>('POST', '/checkouts', {
      ...rest,
      kind: newCard ? 'NEW_CARD' : 'CARD',
    });
    await awaitCheckout(windowRef, checkoutId);
    const result = await call<Json>('GET', `/checkouts/${encodeURIComponent(checkoutId)}/result`);
    const code = String(result.checkoutActionCode);
    return {
      dcfActionCode: code,
      ...(code === 'COMPLETE'
        ? {
            checkoutResponse: result.checkoutResponseData,
            checkoutResponseSignature: result.checkoutResponse,
            network: result.network,
            headers: result.headers,
          }
        : {}),
      ...(typeof result.idToken === 'string' ? { idToken: result.idToken } : {}),
      ...(typeof result.recognitionToken === 'string' ? { recognitionToken: result.recognitionToken } : {}),
      ...(code === 'SWITCH_CONSUMER' ? { unbindAppInstance: true } : {}),
    };
  },

  /**
   * `enrollCard({ encryptedCard, cardBrand, idToken? })` → `{ maskedCard }`: the card joins the
   * profile this browser signed in to (authenticate, completeIdentityValidation or a recognised device).
   */
  async enrollCard(params: Json = {}): Promise<Json> {
    assertIdToken(params);
    if (typeof params.encryptedCard !== 'string' || params.encryptedCard === '') {
      throw fail('CARD_MISSING', 'encryptedCard is required (a JWE of the card to the card-encryption key)');
    }
    assertCardBrand(params);
    return call('POST', '/cards/enrol', { encryptedCard: params.encryptedCard, cardBrand: params.cardBrand });
  },

  /** `deleteCard({ srcDigitalCardId, idToken? })` → `{}`: the card leaves the signed-in profile. */
  async deleteCard(params: Json = {}): Promise<Json> {
    assertIdToken(params);
    if (typeof params.srcDigitalCardId !== 'string' || params.srcDigitalCardId === '') {
      throw fail('CARDID_MISSING', 'srcDigitalCardId is required');
    }
    return call('POST', '/cards/delete', { srcDigitalCardId: params.srcDigitalCardId });
  },

  /** `unbindAppInstance({ idToken?, recognitionTokens? })`: forget this browser (cookie and tokens). */
  async unbindAppInstance(params: Json = {}): Promise<Json> {
    assertIdToken(params);
    const tokens = Array.isArray(params.recognitionTokens) ? params.recognitionTokens : [];
    await call('POST', '/sign-out', typeof tokens[0] === 'string' ? { recognitionToken: tokens[0] } : {});
    for (const token of tokens.slice(1)) {
      if (typeof token === 'string') await call('POST', '/sign-out', { recognitionToken: token });
    }
    return {};
  },
};

declare global {
  interface Window {
    SRCSDK_MASTERCARD: typeof SRCSDK_MASTERCARD;
  }
}

window.SRCSDK_MASTERCARD = SRCSDK_MASTERCARD;
