import { describe, expect, it } from 'vitest';
import type { ApiLogEntry, ApiLogTransaction } from '../api-log';
import { replayInput } from './replay';

const log = (name: string, request: unknown): ApiLogEntry => ({ name, request, response: null, logTime: '' });

describe('replay input', () => {
  it('takes the logged input as it was', () => {
    const lookup = log('idLookup', { email: 'returning.user@example.com' });
    const tx: ApiLogTransaction = { id: 't', time: '', env: 'sandbox', logs: [lookup] };
    expect(replayInput('email-lookup', lookup, tx, 0, { email: 'x@example.com' }, [])).toEqual({
      name: 'idLookup',
      input: { email: 'returning.user@example.com' },
      substituted: [],
    });
  });

  it('puts the test data where the log masked a value, and says which', () => {
    const encrypt = log('encryptCard', {
      primaryAccountNumber: '518600••••••8785',
      panExpirationMonth: '01',
      cardSecurityCode: '•••',
    });
    const tx: ApiLogTransaction = { id: 't', time: '', env: 'sandbox', logs: [encrypt] };
    const defaults = { primaryAccountNumber: '5186001700008785', panExpirationMonth: '12', cardSecurityCode: '123' };
    const replay = replayInput('card-encryption', encrypt, tx, 0, defaults, [
      'request.primaryAccountNumber',
      'request.cardSecurityCode',
    ]);
    expect(replay.input).toEqual({
      primaryAccountNumber: '5186001700008785',
      panExpirationMonth: '01',
      cardSecurityCode: '123',
    });
    expect(replay.substituted).toEqual(['primaryAccountNumber', 'cardSecurityCode']);
  });

  it('a server call replays its body; the one-time code page takes the email looked up before', () => {
    const payload = log('getPayload', {
      method: 'POST',
      path: '/api/getPayload',
      body: { srcCorrelationId: 'c-1', flowId: 'f', transactionAmount: { transactionAmount: 1 } },
    });
    const lookup = log('idLookup', { email: 'returning.user@example.com' });
    const otp = log('initiateValidation', null);
    const tx: ApiLogTransaction = { id: 't', time: '', env: 'sandbox', logs: [lookup, otp, payload] };
    expect(replayInput('fetch-payload', payload, tx, 2, { srcDpaId: 'd', srcCorrelationId: '' }, []).input).toEqual({
      srcDpaId: 'd',
      srcCorrelationId: 'c-1',
      flowId: 'f',
    });
    expect(replayInput('otp-input', otp, tx, 1, { email: '' }, []).input).toEqual({
      email: 'returning.user@example.com',
    });
  });
});
