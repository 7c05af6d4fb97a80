import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { safeLogger } from './logging.ts';

/** A server whose log lines (parsed) are kept, at the most talkative level. */
function loggedServer() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { app: Fastify({ logger: safeLogger({ level: 'trace', stream }) }), lines };
}

describe('the server log', () => {
  it('censors secret members at the top of a line and one level down, leaving the logged objects as they were', () => {
    const { app, lines } = loggedServer();
    const body = { password: 'hunter22', cardSecurityCode: '739', encryptedCard: 'eyJ.a.b.c.d', note: 'kept' };
    app.log.info({ body, otp: '482913', token: 'tok_1', attempt: 3 }, 'sign-in');
    expect(lines[0]).toMatchObject({
      msg: 'sign-in',
      otp: '[redacted]',
      token: '[redacted]',
      attempt: 3,
      body: { password: '[redacted]', cardSecurityCode: '[redacted]', encryptedCard: '[redacted]', note: 'kept' },
    });
    expect(body.password).toBe('hunter22');
  });

  it('censors the members an object writes through toJSON', () => {
    const { app, lines } = loggedServer();
    class Session {
      constructor(readonly sessionToken: string) {}
      toJSON() {
        return { sessionToken: this.sessionToken, kind: 'session' };
      }
    }
    app.log.warn({ session: new Session('s3cr3t') }, 'session');
    expect(lines[0]!.session).toEqual({ sessionToken: '[redacted]', kind: 'session' });
  });

  it('logs each request and its answer without their headers (cookies, API key, Set-Cookie)', async () => {
    const { app, lines } = loggedServer();
    app.get('/hello', async (_request, reply) => reply.header('set-cookie', 'admin_session=answer-secret').send('hi'));
    const response = await app.inject({
      url: '/hello',
      headers: { cookie: 'admin_session=request-secret', 'x-api-key': 'key-secret', authorization: 'token-secret' },
    });
    expect(response.statusCode).toBe(200);
    const log = JSON.stringify(lines);
    for (const secret of ['request-secret', 'key-secret', 'token-secret', 'answer-secret']) {
      expect(log.includes(secret), secret).toBe(false);
    }
    expect(lines.find((line) => line.req)?.req).toMatchObject({ method: 'GET', url: '/hello' });
    expect(lines.find((line) => line.res)?.res).toEqual({ statusCode: 200 });
  });
});
