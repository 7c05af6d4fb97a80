// A merchant's backend, as small as it gets: onboards its signing key, registers the payload key and
// the page's origin with the network, serves the page, fetches and decrypts the payload. Node 20+,
// no dependencies. Every network call is signed (OAuth 1.0a, RSA-SHA256) with the signing key.
import { constants, createDecipheriv, createHash, createPrivateKey, createPublicKey } from 'node:crypto';
import { generateKeyPairSync, privateDecrypt, randomBytes, sign, verify } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { LIB_PAGE, SRC_PAGE } from './pages.mjs';

const NETWORK = process.env.SANDBOX_URL ?? 'http://localhost:3000'; // the network; live: its API base
const DPA_ID = process.env.DPA_ID ?? 'merchant-page-example';
const PORT = Number(process.env.PORT ?? 8080);
const PAGE_ORIGIN = process.env.PAGE_ORIGIN ?? `http://localhost:${PORT}`;
const CLIENT_ID = process.env.CLIENT_ID ?? 'merchant-page-example'; // your SRC client id
// The signing key stays in this (gitignored) file: the network keeps its public half for good.
const KEY_FILE = process.env.SIGNING_KEY_FILE ?? new URL('signing-key.pem', import.meta.url);
if (!existsSync(KEY_FILE)) {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  writeFileSync(KEY_FILE, pair.privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
}
const signingKey = createPrivateKey(readFileSync(KEY_FILE));
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 }); // payloads

const encode = (value) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
/** OAuth 1.0a with RSA-SHA256 and oauth_body_hash, as the network's APIs want it. */
function oauth(method, url, body) {
  const params = {
    oauth_body_hash: createHash('sha256').update(body).digest('base64'),
    oauth_consumer_key: CLIENT_ID,
    oauth_nonce: randomBytes(12).toString('hex'),
    oauth_signature_method: 'RSA-SHA256',
    oauth_timestamp: String(Math.floor(Date.now() / 1000)),
    oauth_version: '1.0',
  };
  const { origin, pathname, searchParams } = new URL(url);
  const pairs = [...searchParams, ...Object.entries(params)].map(([k, v]) => `${encode(k)}=${encode(v)}`).sort();
  const base = [method, encode(`${origin}${pathname}`), encode(pairs.join('&'))].join('&');
  const signature = sign('sha256', Buffer.from(base), signingKey).toString('base64');
  const all = { ...params, oauth_signature: signature };
  return `OAuth ${Object.entries(all)
    .map(([k, v]) => `${k}="${encode(v)}"`)
    .join(',')}`;
}
async function call(method, path, payload, headers = {}) {
  const url = `${NETWORK}/sandbox${path}`;
  const body = JSON.stringify(payload);
  const authorization = oauth(method, url, body);
  return fetch(url, { method, headers: { 'content-type': 'application/json', authorization, ...headers }, body });
}

// Onboarding (the network's developer portal): 409 when this client id already has our key.
const onboarded = await fetch(`${NETWORK}/sandbox/clients`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ clientId: CLIENT_ID, publicJwk: createPublicKey(signingKey).export({ format: 'jwk' }) }),
});
if (!onboarded.ok && onboarded.status !== 409) throw new Error(`onboarding: ${await onboarded.text()}`);
for (const [path, body] of [
  ['key', { ...publicKey.export({ format: 'jwk' }), kid: `${DPA_ID}-payload` }],
  ['origins', { origins: [PAGE_ORIGIN] }],
]) {
  const answer = await call('PUT', `/dpas/${DPA_ID}/${path}`, body);
  if (!answer.ok) throw new Error(`PUT ${path}: ${answer.status} ${await answer.text()}`);
}
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

/** What the receipt shows of a decrypted payload: the credential itself goes to your processor, never to the page. */
function receipt(data, eci) {
  const credential = data.token ? data.token.paymentToken : data.card.primaryAccountNumber;
  return { lastFour: credential.slice(-4), kind: data.token ? 'network token' : 'card number', eci };
}

/** The network's signed answer (RS256), checked with its published key of that kid. */
async function verified(jws) {
  const [header, body, signature] = jws.split('.');
  const { kid } = JSON.parse(b64(header).toString());
  const { keys } = await (await fetch(`${NETWORK}/sandbox/keys`)).json();
  const jwk = keys.find((key) => key.kid === kid);
  const ok =
    jwk &&
    verify('sha256', Buffer.from(`${header}.${body}`), createPublicKey({ key: jwk, format: 'jwk' }), b64(signature));
  if (!ok) throw new Error('the network’s answer is not signed by the network');
  return JSON.parse(b64(body).toString());
}

/** The SRC-level flow: the payload by the session's srcCorrelationId and the card (transaction/credentials). */
async function credentials({ srcCorrelationId, srcDigitalCardId }) {
  const request = { srcClientId: CLIENT_ID, srcDpaId: DPA_ID, srcCorrelationId, srcDigitalCardId };
  const answer = await call('POST', '/src/api/digital/payments/transaction/credentials', request, {
    'x-openapi-clientid': CLIENT_ID,
    'x-sandbox-payload-enc': 'A128GCM',
  });
  const body = await answer.json();
  if (!answer.ok) return { status: 502, body: { message: body.message } };
  const signed = await verified(body.checkoutResponseJWS);
  return { status: 200, body: receipt(decrypt(signed.encryptedPayload), signed.assuranceData?.eci) };
}

async function payload({ srcCorrelationId, merchantTransactionId, flowId }) {
  const request = {
    srcDpaId: DPA_ID,
    correlationId: srcCorrelationId,
    checkoutType: 'CLICK_TO_PAY',
    checkoutReference: { type: 'MERCHANT_TRANSACTION_ID', data: { merchantTransactionId } },
  };
  const answer = await call('POST', '/srci/api/checkout', request, {
    'x-src-cx-flow-id': flowId,
    'x-openapi-clientid': CLIENT_ID,
    'x-sandbox-payload-enc': 'A128GCM',
  });
  const body = await answer.json();
  if (!answer.ok) return { status: 502, body: { message: body.message } };
  return { status: 200, body: receipt(decrypt(body.encryptedPayload), body.assuranceData?.eci) };
}

const HTML_PAGES = { '/': LIB_PAGE, '/src': SRC_PAGE };
const PAGES = {
  '/merchant.js': ['merchant.js', 'text/javascript'],
  '/src-merchant.js': ['src-merchant.js', 'text/javascript'],
  '/page.js': ['page.js', 'text/javascript'],
  '/style.css': ['style.css', 'text/css'],
};

createServer(async (req, res) => {
  const send = (status, body, type = 'application/json', headers = {}) =>
    res
      .writeHead(status, { 'content-type': type, ...headers })
      .end(type === 'application/json' ? JSON.stringify(body) : body);
  const sid = sessionOf(req) ?? randomBytes(16).toString('base64url');
  const cookie = { 'set-cookie': `sid=${sid}; Path=/; HttpOnly; SameSite=Lax` };
  if (req.method === 'GET' && HTML_PAGES[req.url]) return send(200, HTML_PAGES[req.url], 'text/html', cookie);
  if (req.method === 'GET' && PAGES[req.url]) {
    const [file, type] = PAGES[req.url];
    return send(200, await readFile(new URL(file, import.meta.url)), type, cookie);
  }
  if (req.method === 'GET' && req.url === '/config')
    return send(200, { network: NETWORK, srcDpaId: DPA_ID, recognitionToken: tokens.get(sid) }, undefined, cookie);
  if (req.method !== 'POST' || (req.url !== '/pay' && req.url !== '/pay-src'))
    return send(404, { message: 'Not found' });
  let raw = '';
  for await (const chunk of req) raw += chunk;
  let checkout;
  try {
    checkout = JSON.parse(raw);
  } catch {
    return send(400, { message: 'The body must be JSON' });
  }
  if (checkout.recognitionToken) tokens.set(sid, checkout.recognitionToken);
  const fetchPayload = req.url === '/pay-src' ? credentials : payload;
  const { status, body } = await fetchPayload(checkout).catch(() => ({
    status: 502,
    body: { message: 'The network cannot be reached' },
  }));
  send(status, body, undefined, cookie);
}).listen(PORT, () => console.log(`merchant page at ${PAGE_ORIGIN}, network ${NETWORK}`));
