// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { apiReferenceUrl, entryAsCode, purposeKey, replayHref } from './entry-code';
import { findReplayed } from './find-replayed';
import type { ApiLogEntry, ApiLogTransaction } from './log-store';
import { maskLogEntry } from '../../lib/masking';
import { timelineOf } from './timeline';

const at = (iso: string, extra: Partial<ApiLogEntry> & { name: string }): ApiLogEntry => ({
  request: null,
  response: null,
  logTime: iso,
  ...extra,
});

const init = at('2026-11-22T10:00:00.300Z', {
  name: 'init',
  request: { srcDpaId: 'dpa-1', dpaTransactionOptions: { dpaLocale: 'en_US' } },
  durationMs: 300,
});

describe('a logged call as code', () => {
  it('an SDK call is JavaScript that loads the SDK, runs the transaction’s own init, then the call', () => {
    const lookup = at('2026-11-22T10:00:01.000Z', { name: 'idLookup', request: { email: 'a@example.com' } });
    const code = entryAsCode(lookup, { logs: [init, lookup] }, 'http://shop.test');
    expect(code).toContain('new MastercardCheckoutServices()');
    expect(code).toContain('"srcDpaId": "dpa-1"');
    expect(code).toContain('mcCheckoutService.idLookup({\n    "email": "a@example.com"\n  })');
    expect(code).toMatch(/script\.src = "http:\/\/[^"]+srcDpaId=/);
    // It runs as it is: valid JavaScript.
    expect(() => new Function(code)).not.toThrow();
  });

  it('a window the call took becomes a window the snippet opens; a masked card number stays masked and is named', () => {
    const masked = maskLogEntry({
      name: 'encryptCard',
      request: { primaryAccountNumber: '5186001700008785', cardSecurityCode: '123', windowRef: '[Window]' },
      response: null,
    });
    const encrypt = at('2026-11-22T10:00:02.000Z', { name: 'encryptCard', ...masked });
    const code = entryAsCode(encrypt, { logs: [init, encrypt] });
    expect(code).not.toContain('5186001700008785');
    expect(code).toContain('request.primaryAccountNumber was masked in the log');
    expect(code).toContain('"windowRef": windowRef');
    expect(() => new Function(code)).not.toThrow();
  });

  it('a merchant-server call is curl, with the body quoted for the shell', () => {
    const payload = at('2026-11-22T10:00:03.000Z', {
      name: 'getPayload',
      source: 'server',
      request: { method: 'POST', path: '/api/getPayload', body: { srcCorrelationId: "it's" } },
    });
    const code = entryAsCode(payload, { logs: [payload] }, 'http://shop.test');
    expect(code).toContain("curl -X POST 'http://shop.test/api/getPayload'");
    expect(code).toContain(`--data-raw '{"srcCorrelationId":"it'\\''s"}'`);
  });
});

describe('replay, reference and purpose', () => {
  it('links the calls a component page runs to that page, and finds the logged call again', () => {
    expect(replayHref('idLookup', 'tx-1', 1)).toBe('/components/email-lookup?replay=tx-1.1');
    expect(replayHref('getPayload', 'tx-1', 4)).toBe('/components/fetch-payload?replay=tx-1.4');
    expect(replayHref('init', 'tx-1', 0)).toBeUndefined();
    const transactions: ApiLogTransaction[] = [{ id: 'tx-1', time: '', env: 'sandbox', logs: [init] }];
    expect(findReplayed(transactions, 'tx-1.0')).toBe(init);
    expect(findReplayed(transactions, 'tx-1.7')).toBeUndefined();
    expect(findReplayed(transactions, null)).toBeUndefined();
  });

  it('server operations link to the API documentation; every call has a purpose key', () => {
    expect(apiReferenceUrl('getPayload')).toBe('/api/reference#/Click%20to%20Pay/postApiGetPayload');
    expect(apiReferenceUrl('somethingElse')).toBe('/api/reference');
    expect(purposeKey('idLookup')).toBe('API_LOG.PURPOSE.idLookup');
    expect(purposeKey('somethingNew')).toBe('API_LOG.PURPOSE.OTHER');
  });
});

describe('timeline', () => {
  it('says which call waited on which, and which ran alongside', () => {
    const lookup = at('2026-11-22T10:00:00.500Z', { name: 'idLookup', durationMs: 100 });
    const cards = at('2026-11-22T10:00:00.550Z', { name: 'getCards', durationMs: 100 });
    const { rows, total } = timelineOf([init, lookup, cards]);
    expect(total).toBe(550);
    expect(rows.map((row) => [row.log.name, row.start, row.end, row.waitedOn, row.alongside])).toEqual([
      ['init', 0, 300, undefined, []],
      ['idLookup', 400, 500, 'init', []],
      ['getCards', 450, 550, 'init', ['idLookup']],
    ]);
  });
});
