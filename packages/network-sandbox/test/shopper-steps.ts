// A shopper's steps at the sandbox, over inject, for the API tests: a browser of its own, the
// code or a passkey in authenticate()'s window, a profile of the test's own.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { encryptCardFor, SANDBOX_PAGE_ORIGIN, TestSdk, type TestWindow } from './client.ts';
import type { SoftwareAuthenticator } from './software-authenticator.ts';

type Json = Record<string, unknown>;

export const RETURNING = 'returning.user@example.com';
const PASSKEY_DEVICE_COOKIE = 'c2p_sandbox_passkey_device';

export const refusedWith = (answer: { status: number; body: Json }) => [answer.status, answer.body.reason];

/** A test card to type as a new card, encrypted to the sandbox's key. */
export const newCardFor = (app: FastifyInstance, primaryAccountNumber = '5186001700008785') =>
  encryptCardFor(app, {
    primaryAccountNumber,
    panExpirationMonth: '09',
    panExpirationYear: String(new Date().getFullYear() + 2),
    cardSecurityCode: '123',
  });

/**
 * The steps on the file's server (`app`, read when a step runs), each browser from a caller
 * address of its own (init is limited per address); `network` is the addresses' first two bytes.
 */
export function shopperSteps(app: () => FastifyInstance, network: string) {
  let address = 0;
  /** The test's own device: the passkey-device cookie its browsers share (where its passkeys live). */
  let deviceCookie: string | undefined;

  /** A browser page of its own (cookies, address) on the test's device, or with `otherDevice`, on a device of its own. */
  function newSdk(origin: string = SANDBOX_PAGE_ORIGIN, { otherDevice = false } = {}): TestSdk {
    const sdk = new TestSdk(app());
    address += 1;
    sdk.remoteAddress = `${network}.${Math.floor(address / 250)}.${address % 250}`;
    sdk.origin = origin;
    if (!otherDevice) {
      if (deviceCookie) sdk.cookies.set(PASSKEY_DEVICE_COOKIE, deviceCookie);
      sdk.onCookie = (name, value) => {
        if (name === PASSKEY_DEVICE_COOKIE) deviceCookie = value;
      };
    }
    return sdk;
  }

  /** authenticate()'s window for `email`, in a fresh session (the page's init and idLookup first). */
  async function authenticateWindow(email: string, init: Json = {}): Promise<{ sdk: TestSdk; window: TestWindow }> {
    const sdk = newSdk();
    expect((await sdk.init(init)).status).toBe(200);
    expect((await sdk.call('POST', '/lookup', { email })).body.consumerPresent).toBe(true);
    return { sdk, window: await sdk.openWindow({ kind: 'CODE', requestRecognitionToken: true }) };
  }

  /** The code in authenticate's window, then the passkey the window offers, made by `authenticator`. */
  async function createPasskeyAfterCode(email: string, authenticator: SoftwareAuthenticator) {
    const { window } = await authenticateWindow(email);
    expect((await window.call('POST', '/window/code/send', {})).status).toBe(200);
    expect((await window.call('POST', '/window/code', { value: '123456' })).status).toBe(200);
    const offer = await window.call('POST', '/window/passkey/create-options', {});
    expect(offer.body.offer).toBe(true);
    const response = authenticator.register({ options: offer.body.options as Json, origin: SANDBOX_PAGE_ORIGIN });
    return window.call('POST', '/window/passkey/create', { response });
  }

  /** A profile of the test's own (a new card saved under a new email), so that what it does stays its own. */
  async function ownProfile(): Promise<string> {
    const email = `shopper.${Date.now()}.${network}.${address}@example.com`;
    const sdk = newSdk();
    await sdk.init();
    const encryptedCard = await newCardFor(app());
    const { result } = await sdk.checkout({ kind: 'NEW_CARD', encryptedCard, consumer: { emailAddress: email } });
    expect(result!.body.checkoutActionCode).toBe('COMPLETE');
    return email;
  }

  return { newSdk, authenticateWindow, createPasskeyAfterCode, ownProfile };
}
