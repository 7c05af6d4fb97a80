// Issue 11, section 3: the shapes production integrations read, answered as the network does.
import { describe, expect, it } from 'vitest';
import { TestSdk } from './client.ts';
import { serverPerFile } from '../../../apps/server/test/harness.ts';

const sandbox = serverPerFile();

async function lookedUp(identity: Record<string, unknown>) {
  const sdk = new TestSdk(sandbox.app);
  await sdk.init();
  return { sdk, answer: await sdk.call('POST', '/lookup', identity) };
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
