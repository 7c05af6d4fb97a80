import type { JWK } from 'jose';
import { encodeDisclosure } from '../sd-jwt/disclosure.ts';
import { sha256Base64url } from '../sha256.ts';
import { SD_ALG, TYP, VCT } from './constants.ts';
import { issuer, signSdJwt } from './issue.ts';

export interface CardCredentialClaims {
  readonly iss: string;
  readonly sub: string;
  readonly iat: number;
  readonly exp: number;
  readonly vct?: string;
  /** The shopper's public key (`cnf.jwk`): it signs their mandates (L2). */
  readonly userPublicJwk: JWK;
  readonly panLastFour: string;
  readonly scheme: string;
  readonly cardId?: string;
  /** Selectively disclosable. */
  readonly email?: string;
}

/** L1: the issuer's SD-JWT binding the shopper's key to their card (credential-format §3). */
export const issueCardCredential = issuer<CardCredentialClaims>(async (claims, issuerKey, salt) => {
  const disclosures = claims.email === undefined ? [] : [encodeDisclosure('email', claims.email, salt())];
  const payload = {
    iss: claims.iss,
    sub: claims.sub,
    iat: claims.iat,
    exp: claims.exp,
    vct: claims.vct ?? VCT.card,
    cnf: { jwk: claims.userPublicJwk },
    pan_last_four: claims.panLastFour,
    scheme: claims.scheme,
    ...(claims.cardId === undefined ? {} : { card_id: claims.cardId }),
    _sd: await Promise.all(disclosures.map(sha256Base64url)),
    _sd_alg: SD_ALG,
  };
  return signSdJwt({ alg: 'ES256', typ: TYP.l1, kid: issuerKey.kid }, payload, disclosures, issuerKey.privateJwk);
});
