import { sdkTestInit } from '@c2p/domain';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';

/**
 * Item 6: a database error must not carry a card number, security code, one-time code or token
 * into the server log, at any level. The log is captured at trace, the most talkative level.
 */
const PAN = '5120350100064545';
const TOKEN = 'tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const ONE_TIME_CODE = '482913';

let server: TestServer;
let lines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  server = await startTestServer({ app: { logger: { level: 'trace', stream } } });
  // Any failure of the card insert will do: this check stands for a full disk or a lost connection.
  await server.database.db.execute(
    sql.raw(`alter table sandbox_cards add constraint log_test_refuses check (cardholder_name <> 'Refused Holder')`),
  );
});
afterAll(() => server.close());
beforeEach(() => {
  lines = [];
});

async function encryptedCard(card: Record<string, unknown>): Promise<string> {
  const jwks = (await server.app.inject({ url: '/sandbox/keys' })).json() as { keys: JWK[] };
  const jwk = jwks.keys.find((k) => k.kid?.includes('fpan-encryption'))!;
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(card)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A128GCM', kid: jwk.kid! })
    .encrypt(await importJWK(jwk, 'RSA-OAEP-256'));
}

/** Every way the card number could be written: plain, grouped by spaces or by hyphens. */
const cardNumberForms = [PAN, PAN.replace(/(\d{4})(?=\d)/g, '$1 '), PAN.replace(/(\d{4})(?=\d)/g, '$1-')];

describe('item 6: no card number, code or token in the server log', () => {
  it('item 6: a failed card insert in the sandbox logs the failure at error level without the card number', async () => {
    const init = await server.app.inject({
      method: 'POST',
      url: '/sandbox/api/init',
      // A page of the sandbox's own origin: a checkout answers the page that called init.
      headers: { origin: 'http://localhost' },
      payload: sdkTestInit('log-test-dpa', 'Log Test', { cardBrands: ['mastercard'] }),
    });
    const session = init.json().sessionToken as string;
    const year = String(new Date().getFullYear() + 2);
    const response = await server.app.inject({
      method: 'POST',
      url: '/sandbox/api/checkouts',
      headers: { 'x-sandbox-session': session, origin: 'http://localhost' },
      payload: {
        kind: 'NEW_CARD',
        cardBrand: 'mastercard',
        encryptedCard: await encryptedCard({
          primaryAccountNumber: PAN,
          panExpirationMonth: '09',
          panExpirationYear: year,
          cardSecurityCode: '739',
          cardholderFullName: 'Refused Holder',
        }),
      },
    });
    expect(response.statusCode).toBe(500);
    const log = lines.join('\n');
    for (const form of cardNumberForms) expect(log.includes(form), form).toBe(false);
    expect(log.includes('"739"'), '"739"').toBe(false);
    const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'sandbox SDK API failed');
    // Still useful to whoever reads the log: the level, the statement and the database's error code.
    expect(failure).toMatchObject({ level: 50 });
    expect(JSON.stringify(failure)).toContain('23514');
    expect(JSON.stringify(failure)).toContain('sandbox_cards');
  });

  it('item 6: a failed merchant query carrying a card number, a code and a token logs none of them', async () => {
    const { db } = server.database;
    server.app.log.trace('before the failing query');
    const failing = [
      // Parameters of a statement that fails; the driver's error keeps them, and drizzle's message lists them.
      db.execute(sql`insert into no_such_table (pan, code, token) values (${PAN}, ${ONE_TIME_CODE}, ${TOKEN})`),
      // A value PostgreSQL repeats in its own message.
      db.execute(sql`select ${`${PAN} ${TOKEN}`}::integer`),
      db.execute(sql`select ${ONE_TIME_CODE + 'x'}::integer`),
    ];
    for (const query of failing) {
      const error = await query.then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(Error);
      for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const) {
        server.app.log[level]({ err: error }, 'unexpected error');
      }
    }
    expect(lines.length).toBeGreaterThanOrEqual(18);
    const log = lines.join('\n');
    expect(log).toContain('no_such_table');
    for (const form of cardNumberForms) expect(log.includes(form), form).toBe(false);
    expect(log.includes(TOKEN), TOKEN).toBe(false);
    expect(log.includes(ONE_TIME_CODE), ONE_TIME_CODE).toBe(false);
  });
});
