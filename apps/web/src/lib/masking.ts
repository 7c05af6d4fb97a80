import { detectCardBrand, isLuhnValid, type CardBrand } from '@c2p/domain';

/**
 * What the API log keeps of a call (issue 10, item 9): what an integrator needs to follow it, never
 * a card number, security code, one-time code or whole token. Applied before anything is stored,
 * shown or downloaded; a second pass changes nothing.
 */

export type MaskKind = 'pan' | 'securityCode' | 'otp' | 'token' | 'signature' | 'key';

/** One masked value: where it was and what is still known of it. */
export interface MaskNote {
  /** e.g. `request.primaryAccountNumber`, `response.cards[0].pan`. */
  path: string;
  kind: MaskKind;
  /** Digits of a card number, security code or code; characters of a token. */
  length: number;
  /** A card number's first six digits, last four and brand, when the whole value was one. */
  bin?: string;
  lastFour?: string;
  brand?: CardBrand;
}

export interface MaskedCall {
  request: unknown;
  response: unknown;
  masked: MaskNote[];
}

const HIDDEN = '•';
const TOKEN_KEPT = 12;
const ELLIPSIS = '…';

// Field names, lower-cased.
const CARD_NUMBER_FIELDS = new Set([
  'primaryaccountnumber',
  'cardnumber',
  'pan',
  'fpan',
  'dpan',
  'accountnumber',
  'paymenttoken',
]);
const SECURITY_CODE_FIELDS = new Set(['cardsecuritycode', 'securitycode', 'cvc', 'cvv', 'cvc2', 'cvv2', 'csc']);
const CODE_FIELDS = new Set(['otp', 'otpvalue']);
const TOKEN_FIELDS = new Set([
  'idtoken',
  'recognitiontoken',
  'recognitiontokens',
  'checkoutresponse',
  'checkoutresponsejws',
  'checkoutresponsesignature',
  'encryptedcard',
  'encryptedpayload',
  // A passkey's WebAuthn ceremony (the network's window reports it already shortened).
  'challenge',
  'credentialid',
  // The agentic checkout (issue 39): the Verifiable Intent credentials and the agentic token's id.
  'l1',
  'l2',
  'l3a',
  'l3b',
  'checkoutjwt',
  'checkout_jwt',
  'agentictokenid',
]);
/** An agent's request signature (RFC 9421): hidden whole, never shown. */
const SIGNATURE_FIELDS = new Set(['signature']);
/** A JWK's key material: its first characters, like a token (a private member never reaches the log). */
const KEY_FIELDS = new Set(['x', 'y', 'd', 'n', 'k']);

/** A compact JWS or JWE (a JWT is one): base64url JSON header, then 3 or 5 dot-separated parts in all. */
const COMPACT_JOSE = /^eyJ[\w-]*(\.[\w-]*){2}((\.[\w-]*){2})?$/;
/** An SD-JWT presentation: a compact JWS, then its disclosures, each followed by `~`. */
const SD_JWT = /^eyJ[\w-]*(\.[\w-]*){2}~([\w-]+~)*$/;

/** Digits with at most one space or hyphen between them, as card numbers are written. */
const DIGIT_RUN = /\d(?:[ -]?\d)*/g;

type Found = Omit<MaskNote, 'path'>;

function cardNumberFound(digits: string): Found {
  const brand = detectCardBrand(digits);
  return { kind: 'pan', length: digits.length, bin: digits.slice(0, 6), lastFour: digits.slice(-4), brand };
}

/** The card number with only its BIN and last four left. */
const keepBinAndLastFour = (digits: string) =>
  digits.slice(0, 6) + HIDDEN.repeat(digits.length - 10) + digits.slice(-4);

function holdsLuhnStretch(digits: string): boolean {
  for (let start = 0; start + 12 <= digits.length; start++) {
    for (let length = 12; length <= 19 && start + length <= digits.length; length++) {
      if (isLuhnValid(digits.slice(start, start + length))) return true;
    }
  }
  return false;
}

/**
 * Masks every card number in free text: a run of 12 to 19 digits passing Luhn keeps its BIN and last
 * four; a run that only holds one (digits before or after it) is hidden whole, since where the card
 * number starts cannot be told.
 */
function maskCardNumbersIn(text: string, found: Found[]): string {
  return text.replace(DIGIT_RUN, (run) => {
    const digits = run.replace(/\D/g, '');
    if (digits.length < 12) return run;
    if (digits.length <= 19 && isLuhnValid(digits)) {
      found.push(cardNumberFound(digits));
      return keepBinAndLastFour(digits);
    }
    if (!holdsLuhnStretch(digits)) return run;
    found.push({ kind: 'pan', length: digits.length });
    return run.replace(/\d/g, HIDDEN);
  });
}

const isHidden = (text: string) => text.length > 0 && [...text].every((c) => c === HIDDEN);

/** A value in a card-number field: BIN and last four of a card number, anything else hidden whole. */
function maskCardNumberField(text: string, found: Found[]): string {
  const digits = text.replace(/[\s-]/g, '');
  if (/^\d{12,19}$/.test(digits)) {
    found.push(cardNumberFound(digits));
    return keepBinAndLastFour(digits);
  }
  // Already masked (a BIN, hidden digits and a last four): a second pass leaves it.
  if (text.includes(HIDDEN) && !/\d{5}/.test(text.replace(/^\d{6}/, ''))) return text;
  if (text === '') return text;
  found.push({ kind: 'pan', length: text.length });
  return HIDDEN.repeat(text.length);
}

/** A security code or one-time code: its length only. */
function hideWhole(text: string, kind: MaskKind, found: Found[]): string {
  if (text === '' || isHidden(text)) return text;
  found.push({ kind, length: text.length });
  return HIDDEN.repeat(text.length);
}

/** A token (or key material): its first characters, enough to tell two apart, and an ellipsis. */
function shortenToken(text: string, found: Found[], kind: 'token' | 'key' = 'token'): string {
  if (text.length <= TOKEN_KEPT + 1 || text.endsWith(ELLIPSIS)) return text;
  found.push({ kind, length: text.length });
  return text.slice(0, TOKEN_KEPT) + ELLIPSIS;
}

type FieldRule = MaskKind | undefined;

function ruleFor(key: string): FieldRule {
  const name = key.toLowerCase();
  if (CARD_NUMBER_FIELDS.has(name)) return 'pan';
  if (SECURITY_CODE_FIELDS.has(name)) return 'securityCode';
  if (CODE_FIELDS.has(name)) return 'otp';
  if (TOKEN_FIELDS.has(name)) return 'token';
  if (SIGNATURE_FIELDS.has(name)) return 'signature';
  if (KEY_FIELDS.has(name)) return 'key';
  return undefined;
}

function maskString(text: string, rule: FieldRule, found: Found[]): string {
  switch (rule) {
    case 'pan':
      return maskCardNumberField(text, found);
    case 'securityCode':
    case 'otp':
    case 'signature':
      return hideWhole(text, rule, found);
    case 'token':
      return shortenToken(maskCardNumbersIn(text, found), found);
    case 'key':
      return shortenToken(text, found, 'key');
    default:
      return COMPACT_JOSE.test(text) || SD_JWT.test(text) ? shortenToken(text, found) : maskCardNumbersIn(text, found);
  }
}

function maskValue(value: unknown, path: string, rule: FieldRule, notes: MaskNote[]): unknown {
  const found: Found[] = [];
  const note = (result: unknown) => {
    for (const f of found) notes.push({ path, ...f });
    return result;
  };
  if (typeof value === 'string') return note(maskString(value, rule, found));
  if (typeof value === 'number' || typeof value === 'bigint') {
    const text = String(value);
    // A card number, security code or code given as a number: masked as its digits.
    if (rule === 'pan' || rule === 'securityCode' || rule === 'otp' || /\d{12}/.test(text)) {
      const masked = maskString(text, rule, found);
      return masked === text ? value : note(masked);
    }
    return value;
  }
  // A list takes its field's rule (recognitionTokens: [...]); an object's fields have their own.
  if (Array.isArray(value)) return value.map((item, index) => maskValue(item, `${path}[${index}]`, rule, notes));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const keyFound: Found[] = [];
      const maskedKey = maskCardNumbersIn(key, keyFound);
      const itemPath = `${path}.${maskedKey}`;
      for (const f of keyFound) notes.push({ path: itemPath, ...f });
      out[maskedKey] = maskValue(item, itemPath, ruleFor(key), notes);
    }
    return out;
  }
  return value;
}

/** The call as the API log may keep it, and a note for each value masked. */
export function maskLogEntry({
  name,
  request,
  response,
}: {
  name: string;
  request: unknown;
  response: unknown;
}): MaskedCall {
  const masked: MaskNote[] = [];
  let maskedRequest: unknown;
  // validate({ value }) carries the one-time code the consumer typed.
  if (name === 'validate' && request !== null && typeof request === 'object' && !Array.isArray(request)) {
    const { value, ...rest } = request as Record<string, unknown>;
    const code = 'value' in request ? { value: maskValue(value, 'request.value', 'otp', masked) } : {};
    maskedRequest = { ...code, ...(maskValue(rest, 'request', undefined, masked) as Record<string, unknown>) };
  } else {
    maskedRequest = maskValue(request, 'request', undefined, masked);
  }
  const maskedResponse = maskValue(response, 'response', undefined, masked);
  return { request: maskedRequest, response: maskedResponse, masked };
}

/** A value as the API log would keep it (a decoded credential's claims, a check's values), without the notes. */
export function maskedCopy(value: unknown): unknown {
  return maskValue(value, 'value', undefined, []);
}
