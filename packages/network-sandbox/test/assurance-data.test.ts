// Issue 37, items 6 and 7: the assurance data says what happened, with the network's values (the
// verification method of each way the shopper proved it), and eci 02 only for a confirmation whose
// payload is fetched within 5 minutes with its srcCorrelationId.
import { describe, expect, it } from 'vitest';
import { AUTHENTICATED_WINDOW_MS, assuranceDataOf } from '../src/server/transaction-authentication.ts';

const CONFIRMED_AT = new Date('2026-12-04T10:00:00Z');
const at = (ms: number) => new Date(CONFIRMED_AT.getTime() + ms);
const proved = (method: 'PASSKEY' | 'OTP') => ({ method, at: CONFIRMED_AT.toISOString() });
const methods = (data: { verificationData?: { verificationMethod: string; additionalData?: string }[] }) =>
  (data.verificationData ?? []).map((entry) => [entry.verificationMethod, entry.additionalData ?? 'sign-in']);

describe('assurance data: what happened, in the network’s values', () => {
  it('a passkey is 07 and a code 04, for the payment’s confirmation and for the sign-in', () => {
    const request = { authentication: proved('PASSKEY'), identityVerification: proved('OTP') };
    expect(methods(assuranceDataOf(request, at(0), { correlated: true }))).toEqual([
      ['07', 'Proof of Passkey Payment Authentication'],
      ['04', 'sign-in'],
    ]);
    const byCode = { authentication: proved('OTP'), identityVerification: proved('PASSKEY') };
    expect(methods(assuranceDataOf(byCode, at(0), { correlated: true }))).toEqual([
      ['04', 'Proof of OTP Payment Authentication'],
      ['07', 'sign-in'],
    ]);
  });

  it('names no verification that did not happen: no code typed, no payment confirmed', () => {
    expect(assuranceDataOf({}, at(0), { correlated: true })).toEqual({ eci: '06' });
    const signedInOnly = assuranceDataOf({ identityVerification: proved('PASSKEY') }, at(0), { correlated: true });
    expect(signedInOnly.eci).toBe('06');
    expect(methods(signedInOnly)).toEqual([['07', 'sign-in']]);
  });

  it('eci is 02 within 5 minutes of the confirmation with its srcCorrelationId, else 06', () => {
    const request = { authentication: proved('PASSKEY') };
    expect(assuranceDataOf(request, at(AUTHENTICATED_WINDOW_MS), { correlated: true }).eci).toBe('02');
    expect(assuranceDataOf(request, at(AUTHENTICATED_WINDOW_MS + 1000), { correlated: true }).eci).toBe('06');
    expect(assuranceDataOf(request, at(1000), { correlated: false }).eci).toBe('06');
    expect(AUTHENTICATED_WINDOW_MS).toBe(5 * 60 * 1000);
  });

  it('each entry has the shape the network publishes', () => {
    const [entry] = assuranceDataOf({ authentication: proved('PASSKEY') }, at(0), {
      correlated: true,
    }).verificationData!;
    expect(entry).toEqual({
      verificationType: 'CARDHOLDER',
      verificationEntity: '02',
      verificationMethod: '07',
      verificationResults: '01',
      verificationTimestamp: CONFIRMED_AT.toISOString(),
      verificationEvents: ['01'],
      additionalData: 'Proof of Passkey Payment Authentication',
    });
  });
});
