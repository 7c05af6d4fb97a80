// A merchant's backend, as small as it gets: serves the page, registers the payload key and the
// page's origin with the network, fetches and decrypts the payload. Node 20+, no dependencies.
import { constants, createDecipheriv, generateKeyPairSync, privateDecrypt, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';

const NETWORK = process.env.SANDBOX_URL ?? 'http://localhost:3000'; // the network; live: its API base
const DPA_ID = process.env.DPA_ID ?? 'merchant-page-example';
const PORT = Number(process.env.PORT ?? 8080);
const PAGE_ORIGIN = process.env.PAGE_ORIGIN ?? `http://localhost:${PORT}`;
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
async function put(path, body) {
  const answer = await fetch(`${NETWORK}/sandbox/dpas/${DPA_ID}/${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`PUT ${path}: ${answer.status} ${await answer.text()}`);
}
await put('key', { ...publicKey.export({ format: 'jwk' }), kid: `${DPA_ID}-payload` });
await put('origins', { origins: [PAGE_ORIGIN] });
const b64 = (part) => Buffer.from(part, 'base64url');

function decrypt(jwe) {
  // RSA-OAEP-256 / A128GCM compact JWE
  const [header, key, iv, text, tag] = jwe.split('.');
  const cek = privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    b64(key),
  );
  const aes = createDecipheriv('aes-128-gcm', cek, b64(iv)).setAAD(Buffer.from(header)).setAuthTag(b64(tag));
  return JSON.parse(Buffer.concat([aes.update(b64(text)), aes.final()]).toString());
}

// Recognition tokens stay on the server, keyed by the shopper's session cookie on our own site.
const tokens = new Map();
const sessionOf = (req) => /(?:^|; )sid=([\w-]+)/.exec(req.headers.cookie ?? '')?.[1];

async function payload({ srcCorrelationId, merchantTransactionId, flowId }) {
  const answer = await fetch(`${NETWORK}/sandbox/srci/api/checkout`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-src-cx-flow-id': flowId,
      'x-openapi-clientid': DPA_ID,
      'x-sandbox-payload-enc': 'A128GCM',
    },
    body: JSON.stringify({
      srcDpaId: DPA_ID,
      correlationId: srcCorrelationId,
      checkoutType: 'CLICK_TO_PAY',
      checkoutReference: { type: 'MERCHANT_TRANSACTION_ID', data: { merchantTransactionId } },
    }),
  });
  const body = await answer.json();
  if (!answer.ok) return { status: 502, body: { message: body.message } };
  const data = decrypt(body.encryptedPayload);
  const credential = data.token ? data.token.paymentToken : data.card.primaryAccountNumber; // to your processor, never to the page
  return {
    status: 200,
    body: {
      lastFour: credential.slice(-4),
      kind: data.token ? 'network token' : 'card number',
      eci: body.assuranceData?.eci,
    },
  };
}

createServer(async (req, res) => {
  const send = (status, body, type = 'application/json', headers = {}) =>
    res
      .writeHead(status, { 'content-type': type, ...headers })
      .end(type === 'application/json' ? JSON.stringify(body) : body);
  const sid = sessionOf(req) ?? randomBytes(16).toString('base64url');
  const cookie = { 'set-cookie': `sid=${sid}; Path=/; HttpOnly; SameSite=Lax` };
  if (req.method === 'GET' && (req.url === '/' || req.url === '/merchant.js')) {
    const file = req.url === '/' ? 'index.html' : 'merchant.js';
    return send(
      200,
      await readFile(new URL(file, import.meta.url)),
      file.endsWith('.js') ? 'text/javascript' : 'text/html',
      cookie,
    );
  }
  if (req.method === 'GET' && req.url === '/config')
    return send(200, { network: NETWORK, srcDpaId: DPA_ID, recognitionToken: tokens.get(sid) }, undefined, cookie);
  if (req.method !== 'POST' || req.url !== '/pay') return send(404, { message: 'Not found' });
  let raw = '';
  for await (const chunk of req) raw += chunk;
  let checkout;
  try {
    checkout = JSON.parse(raw);
  } catch {
    return send(400, { message: 'The body must be JSON' });
  }
  if (checkout.recognitionToken) tokens.set(sid, checkout.recognitionToken);
  const { status, body } = await payload(checkout).catch(() => ({
    status: 502,
    body: { message: 'The network cannot be reached' },
  }));
  send(status, body, undefined, cookie);
}).listen(PORT, () => console.log(`merchant page at ${PAGE_ORIGIN}, network ${NETWORK}`));
