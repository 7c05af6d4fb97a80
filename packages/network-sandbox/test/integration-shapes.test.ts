// Issue 11, section 3: the shapes production integrations read, answered as the network does.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptCardFor, TestSdk } from './client.ts';
import { serverPerFile } from '../../../apps/server/test/harness.ts';

const sandbox = serverPerFile();

async function lookedUp(identity: Record<string, unknown>) {
  const sdk = new TestSdk(sandbox.app);
  await sdk.init();
  return { sdk, answer: await sdk.call('POST', '/lookup', identity) };
}

/** A consumer of one's own (not a shared test consumer): enrolled by a new-card checkout. */
async function ownConsumer(): Promise<string> {
  const email = `own.${randomUUID()}@example.com`;
  const sdk = new TestSdk(sandbox.app);
  await sdk.init();
  const year = String(new Date().getFullYear() + 2);
  const encryptedCard = await encryptCardFor(sandbox.app, {
    primaryAccountNumber: '5186001700009908',
    panExpirationMonth: '12',
    panExpirationYear: year,
    cardSecurityCode: '123',
  });
  const { result } = await sdk.checkout({
    kind: 'NEW_CARD',
    encryptedCard,
    cardBrand: 'mastercard',
    consumer: { emailAddress: email },
  });
  expect(result?.body.checkoutActionCode).toBe('COMPLETE');
  return email;
}

describe('item 3: identityType of the validation channels', () => {
  it('answers EMAIL and SMS, as production integrations read them', async () => {
    const { sdk } = await lookedUp({ email: 'returning.user@example.com' });
    const answer = await sdk.call('POST', '/validation/initiate', {});
    const channels = answer.body.supportedValidationChannels as { identityType: string; validationChannelId: string }[];
    expect(channels.map((c) => c.identityType)).toEqual(['EMAIL', 'SMS']);
  });

  it.each(['SMS', 'sms', 'MOBILE_PHONE_NUMBER'])(
    'a channel switch by identityType (%s) sends the code by SMS',
    async (requested) => {
      const { sdk } = await lookedUp({ email: 'returning.user@example.com' });
      const answer = await sdk.call('POST', '/validation/initiate', { requestedValidationChannelId: requested });
      expect(answer.status).toBe(200);
      expect(answer.body.maskedValidationChannel).toMatch(/^\+1 /);
    },
  );

  it('"Email" (as one sample spells it) switches back to email', async () => {
    const { sdk } = await lookedUp({ mobileNumber: { countryCode: '1', phoneNumber: '2025550143' } });
    const answer = await sdk.call('POST', '/validation/initiate', { requestedValidationChannelId: 'Email' });
    expect(answer.body.maskedValidationChannel).toContain('@example.com');
  });
});

describe('item 3: phone identities in the formats the network accepts', () => {
  it.each([
    [{ mobileNumber: { countryCode: '1', phoneNumber: '2025550143' } }],
    [{ mobileNumber: { countryCode: '+1', phoneNumber: '(202) 555-0143' } }],
    [{ mobileNumber: { phoneNumber: '12025550143' } }],
    [{ mobileNumber: { countryCode: '', phoneNumber: '+1 202-555-0143' } }],
    [{ mobileNumber: { phoneNumber: '+12025550143' } }],
  ])('%j finds the returning consumer', async (identity) => {
    const { answer } = await lookedUp(identity);
    expect(answer.status).toBe(200);
    expect(answer.body.consumerPresent).toBe(true);
  });

  it('an unknown full international number is simply not present', async () => {
    const { answer } = await lookedUp({ mobileNumber: { phoneNumber: '447700900123' } });
    expect(answer.status).toBe(200);
    expect(answer.body.consumerPresent).toBe(false);
  });

  it('a number too short to be one is still ID_FORMAT_UNSUPPORTED', async () => {
    const { answer } = await lookedUp({ mobileNumber: { phoneNumber: '12' } });
    expect(answer.status).toBe(400);
    expect(answer.body.reason).toBe('ID_FORMAT_UNSUPPORTED');
  });
});

describe('item 3: maskedCard.dcf and digitalCardRelatedData', () => {
  it('carries dcf.type (and applicationType) and digitalCardRelatedData', async () => {
    const sdk = new TestSdk(sandbox.app);
    await sdk.init();
    const cards = (await sdk.signIn()).body.cards as Record<string, unknown>[];
    for (const card of cards) {
      expect(card.dcf).toMatchObject({ type: 'WEB_BROWSER', applicationType: 'WEB_BROWSER', name: 'mastercard' });
      expect(card).toHaveProperty('digitalCardRelatedData');
      expect(typeof card.digitalCardRelatedData).toBe('string');
    }
  });
});

describe('item 3: lockout after repeated wrong codes', () => {
  async function wrongCodes(email: string, count: number) {
    const sdk = new TestSdk(sandbox.app);
    await sdk.init();
    await sdk.call('POST', '/lookup', { email });
    const reasons: string[] = [];
    await sdk.call('POST', '/validation/initiate', {});
    for (let i = 0; i < count; i += 1) {
      if (i > 0 && i % 3 === 0) await sdk.call('POST', '/validation/initiate', {});
      reasons.push(String((await sdk.call('POST', '/validation/complete', { value: '000000' })).body.reason));
    }
    return { sdk, reasons };
  }

  it('locks a profile of your own after six wrong codes in a row: ACCT_INACCESSIBLE from then on', async () => {
    const email = await ownConsumer();
    const { reasons } = await wrongCodes(email, 6);
    expect(reasons).toEqual([
      'CODE_INVALID',
      'CODE_INVALID',
      'RETRIES_EXCEEDED',
      'CODE_INVALID',
      'CODE_INVALID',
      'ACCT_INACCESSIBLE',
    ]);
    const later = new TestSdk(sandbox.app);
    await later.init();
    const lookup = await later.call('POST', '/lookup', { email });
    expect(lookup.status).toBe(403);
    expect(lookup.body.reason).toBe('ACCT_INACCESSIBLE');
  });

  it('a right code in between starts the count again', async () => {
    const email = await ownConsumer();
    await wrongCodes(email, 5);
    const sdk = new TestSdk(sandbox.app);
    await sdk.init();
    expect((await sdk.signIn(email)).status).toBe(200);
    const { reasons } = await wrongCodes(email, 5);
    expect(reasons).not.toContain('ACCT_INACCESSIBLE');
  });

  it('the shared test consumer is never locked, so every integrator can keep using it', async () => {
    const { reasons } = await wrongCodes('returning.user@example.com', 9);
    expect(reasons).not.toContain('ACCT_INACCESSIBLE');
    const sdk = new TestSdk(sandbox.app);
    await sdk.init();
    expect((await sdk.signIn()).status).toBe(200);
  });
});
