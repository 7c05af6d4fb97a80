import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiLog } from '../../features/api-log';
import { registerCallLog } from './call-log';
import { ClickToPayClient } from './client';

const logs = () => apiLog.transactions().at(-1)!.logs;

describe('the Click to Pay client wrapper', () => {
  let transaction: string;
  beforeEach(() => {
    localStorage.clear();
    registerCallLog(apiLog);
    apiLog.clear();
    transaction = apiLog.start('offline-sandbox');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('logs each call with its name, request, answer and time, a window named rather than copied', async () => {
    const sdk = { checkoutWithCard: vi.fn(async () => ({ checkoutActionCode: 'COMPLETE' })) };
    const client = new ClickToPayClient(sdk, transaction);
    const result = await client.call('checkoutWithCard', { srcDigitalCardId: 'card-1', windowRef: window });
    expect(result).toEqual({ checkoutActionCode: 'COMPLETE' });
    expect(sdk.checkoutWithCard).toHaveBeenCalledWith({ srcDigitalCardId: 'card-1', windowRef: window });
    const [entry] = logs();
    expect(entry).toMatchObject({
      name: 'checkoutWithCard',
      request: { srcDigitalCardId: 'card-1', windowRef: '[Window]' },
      response: { checkoutActionCode: 'COMPLETE' },
    });
    expect(Date.parse(entry!.logTime)).not.toBeNaN();
    expect(JSON.parse(localStorage.getItem('api-logs')!)[0].logs).toHaveLength(1);
  });

  it('logs a rejection as failed and passes it on', async () => {
    const sdk = { validate: vi.fn(async () => Promise.reject({ reason: 'CODE_INVALID', message: 'bad code' })) };
    const client = new ClickToPayClient(sdk, transaction);
    await expect(client.call('validate', { value: '000000' })).rejects.toEqual({
      reason: 'CODE_INVALID',
      message: 'bad code',
    });
    expect(logs()[0]).toMatchObject({ name: 'validate', failed: true, response: { reason: 'CODE_INVALID' } });
  });

  it('answers nothing for an unknown method and logs an error', async () => {
    const client = new ClickToPayClient({ stealCookies: () => 'x' }, transaction);
    expect(await client.call('stealCookies')).toBeUndefined();
    expect(console.error).toHaveBeenCalled();
    expect(logs()[0]).toMatchObject({ name: 'stealCookies', failed: true });
  });

  it("logs 'click2pay value is invalid' when the SDK instance is not an object", async () => {
    const client = new ClickToPayClient(undefined, transaction);
    expect(await client.call('getCards')).toBeUndefined();
    expect(console.error).toHaveBeenCalledWith('click2pay value is invalid');
    expect(logs()[0]).toMatchObject({ response: 'click2pay value is invalid', failed: true });
  });

  it('makes one network call for two overlapping calls that create something', async () => {
    let finish: (value: unknown) => void = () => undefined;
    const sdk = { init: vi.fn(() => new Promise((resolve) => (finish = resolve))), getCards: vi.fn(async () => []) };
    const client = new ClickToPayClient(sdk, transaction);
    const first = client.call('init', { srcDpaId: 'dpa' });
    const second = client.call('init', { srcDpaId: 'dpa' });
    finish({ availableCardBrands: ['mastercard'] });
    expect(await first).toEqual(await second);
    expect(sdk.init).toHaveBeenCalledTimes(1);
    await Promise.all([client.call('getCards'), client.call('getCards')]);
    expect(sdk.getCards).toHaveBeenCalledTimes(2);
  });
});
