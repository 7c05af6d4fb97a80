// A software WebAuthn authenticator (ES256, "none" attestation) for the relying party's API tests:
// it makes the answers a browser would send, with the knobs an attacker has (origin, relying party
// id, user verification, the signature counter). Browser tests use Chromium's virtual authenticator.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Json = Record<string, unknown>;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

/** Just enough CBOR for an attestation object and a COSE key: small ints, strings, bytes, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number) =>
    length < 24
      ? Buffer.from([(major << 5) | length])
      : length < 256
        ? Buffer.from([(major << 5) | 24, length])
        : Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) {
    return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  }
  throw new Error(`cannot encode ${typeof value}`);
}

export interface Ceremony {
  /** The options the window's options route answered (`options.challenge`, `options.rp.id`...). */
  options: Json;
  /** The page the browser says the ceremony ran on. */
  origin: string;
  /** The relying party id the authenticator signs for (the options' by default). */
  rpId?: string;
  /** Whether the person was verified (biometrics, PIN): the network requires it. */
  userVerified?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  readonly #key: KeyObject;
  readonly #publicJwk: { x: string; y: string };
  signCount = 0;

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.#key = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.#publicJwk = { x: String(jwk.x), y: String(jwk.y) };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  #authData(rpId: string, userVerified: boolean, attested?: Buffer): Buffer {
    const flags = 0x01 | (userVerified ? 0x04 : 0) | (attested ? 0x40 : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.signCount);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  #clientData(type: string, options: Json, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge: options.challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create's answer, as @simplewebauthn/browser sends it. */
  register({ options, origin, rpId, userVerified = true }: Ceremony): Json {
    const coseKey = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(this.#publicJwk.x, 'base64url')],
        [-3, Buffer.from(this.#publicJwk.y, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, coseKey]);
    const relyingParty = rpId ?? String((options.rp as Json).id);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.#authData(relyingParty, userVerified, attested)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.#clientData('webauthn.create', options, origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get's answer; each use counts one more signature. */
  assert({ options, origin, rpId, userVerified = true }: Ceremony): Json {
    this.signCount += 1;
    const authenticatorData = this.#authData(rpId ?? String(options.rpId), userVerified);
    const clientDataJSON = this.#clientData('webauthn.get', options, origin);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.#key);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    };
  }
}
