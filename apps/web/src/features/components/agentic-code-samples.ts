// The agentic component pages' code (issue 39): what an agent and a merchant write, runnable in
// Node 20 or a browser with the repository's @c2p/agentic package (its public API).

export const AGENTIC_CODE_SAMPLES: Record<string, string> = {
  'agent-checkout': `// The agent's side: register its keys at the network, then ask the shop for a priced, signed checkout.
import { generateEd25519KeyPair, generateEs256KeyPair, publicJwkOf, signAgentRequest } from '@c2p/agentic';

const network = 'https://YOUR_HOST/sandbox';
const shop = 'https://YOUR_HOST';
const [signing, credential] = [await generateEd25519KeyPair(''), await generateEs256KeyPair('')];
const registered = await fetch(\`\${network}/agents\`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    name: 'Shopping agent',
    signingKey: publicJwkOf(signing.publicJwk),
    credentialKey: publicJwkOf(credential.publicJwk),
  }),
});
const { keyid } = await registered.json();

// RFC 9421, as Web Bot Auth and the Trusted Agent Protocol sign: @authority, @path, the body's digest, a nonce.
const url = \`\${shop}/api/agent/checkouts\`;
const body = JSON.stringify({ items: [{ productId: 1, quantity: 1 }] });
const headers = await signAgentRequest(
  { method: 'POST', url, headers: {}, body },
  { keyid, privateJwk: signing.privateJwk },
  { tag: 'agent-browser-auth' },
);
const answer = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
// 201 { data: { checkoutId, checkoutJwt, total, currency, merchant } }; unsigned: 401 { reason: 'REQUEST_UNSIGNED' }.
console.log(answer.status, await answer.json());

// The merchant's side, before it prices anything: the signature against the key the network's directory lists.
import { verifyAgentRequest } from '@c2p/agentic';
const seen = new Set();
const verdict = await verifyAgentRequest(
  { method: 'POST', url, headers: incomingHeaders, body: rawBody },
  {
    agentKey: async (id) => (await (await fetch(\`\${network}/agents/keys/\${encodeURIComponent(id)}\`)).json()).jwk,
    nonceSeen: (nonce) => seen.has(nonce) || !seen.add(nonce),
    tags: ['agent-browser-auth', 'agent-payer-auth'],
  },
);
if (!verdict.ok) console.log(401, verdict.error.code); // REQUEST_UNSIGNED, NONCE_REPLAYED, AGENT_UNKNOWN…`,
  'mandate-chain': `// Verify a shopper's mandate chain (Verifiable Intent v0.1): L1, the issuer's card credential,
// and L2, the shopper's mandate bound to it by sd_hash. Each check comes back with the values compared.
import { verifyMandate } from '@c2p/agentic';

const issuerJwks = await (await fetch('https://YOUR_HOST/sandbox/agent-pay/keys')).json();
const report = await verifyMandate(
  { l1, l2 },
  {
    issuerKey: (kid) => issuerJwks.keys.find((key) => key.kid === kid),
    l2Audience: 'https://YOUR_HOST/sandbox',
  },
);
for (const check of report.checks) {
  console.log(check.layer, check.name, check.outcome, check.compared ?? '');
}
if (report.facts) console.log('verified:', report.facts.mode, report.facts.mandateId);
else console.log('refused:', report.error.code); // SIGNATURE_INVALID, SD_HASH_MISMATCH, MANDATE_EXPIRED…`,
};
