// The sandbox's pages: the test-data page for integrators, the DCF shell, the browser test
// harness, card art. Everything that comes from data or the query string is escaped.
import { SANDBOX_CONSUMERS, SANDBOX_NEW_CARDS, SANDBOX_OTP } from '../test-data.ts';
import { escapeHtml as e } from './util.ts';

const PAGE_CSS = `
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #f7f7f5; }
  main { max-inline-size: 60rem; margin: 0 auto; padding: 1.5rem; }
  table { border-collapse: collapse; inline-size: 100%; background: #fff; margin-block-end: 1.5rem; }
  th, td { border: 1px solid #ddd; padding: .4rem .6rem; text-align: start; vertical-align: top; }
  code { font-family: ui-monospace, monospace; }
  h1 { font-size: 1.6rem; } h2 { font-size: 1.2rem; margin-block-start: 2rem; }
`;

function group(pan: string): string {
  return pan.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function landingPage(origin: string): string {
  const consumers = SANDBOX_CONSUMERS.map(
    (consumer) => `<tr>
      <td><code>${e(consumer.email)}</code></td>
      <td>${consumer.mobileNumber ? `<code>+${e(consumer.mobileNumber.countryCode)} ${e(consumer.mobileNumber.phoneNumber)}</code>` : ''}</td>
      <td>${e(consumer.locked ? 'locked' : 'active')}</td>
      <td><ul>${consumer.cards
        .map(
          (card) =>
            `<li><code>${e(group(card.primaryAccountNumber))}</code> ${e(card.brand)}, ${e(card.payloadKind)} payload</li>`,
        )
        .join('')}</ul></td>
      <td>${e(consumer.note)}</td></tr>`,
  ).join('');
  const cards = SANDBOX_NEW_CARDS.map(
    (card) => `<tr><td><code>${e(group(card.primaryAccountNumber))}</code></td><td>${e(card.payloadKind)}</td></tr>`,
  ).join('');
  return `<!doctype html>
<html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Click to Pay network sandbox: test data</title><style>${PAGE_CSS}</style></head>
<body><main>
<h1>Click to Pay network sandbox</h1>
<p>An offline stand-in for the card network. Load the SDK from
<code>${e(origin)}/sandbox/srci/integration/2/lib.js?srcDpaId=YOUR_DPA&amp;locale=en_US</code>;
the public keys are at <a href="/sandbox/keys"><code>/sandbox/keys</code></a>.</p>
<h2>One-time code</h2>
<p>Every consumer's code is <code>${e(SANDBOX_OTP)}</code>. Three wrong codes in a row answer <code>RETRIES_EXCEEDED</code>; a new code (initiateValidation) starts again.</p>
<h2>Consumers</h2>
<table><thead><tr><th>Email</th><th>Mobile</th><th>Status</th><th>Cards</th><th>Notes</th></tr></thead><tbody>${consumers}</tbody></table>
<p>Any other email address is a new consumer (idLookup answers <code>consumerPresent: false</code>).</p>
<h2>Cards to add (checkoutWithNewCard)</h2>
<p>Any future expiry and any 3-digit security code.</p>
<table><thead><tr><th>Card number</th><th>Payload</th></tr></thead><tbody>${cards}</tbody></table>
<h2>Merchant setup</h2>
<p>Register your payload-encryption public key for your DPA before calling the checkout API:
<code>PUT /sandbox/dpas/{srcDpaId}/key</code> with the RSA public JWK as the JSON body. Every network API
call is signed as your client (OAuth 1.0a, RSA-SHA256, consumer key = SRC client id); the demo
shop's server is the one client onboarded here, and the first client to register a DPA's key owns it.</p>
</main></body></html>`;
}

export function dcfPage(): string {
  return `<!doctype html>
<html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Click to Pay</title><style>${DCF_CSS}</style>
<script src="/sandbox/dcf.js" defer></script></head>
<body><main id="dcf" aria-label="Click to Pay" aria-live="polite"><p class="muted">…</p></main></body></html>`;
}

const DCF_CSS = `
  :root { color-scheme: light; --brand: #a83800; --ink: #141413; --muted: #5c5c5c; --line: #d9d9d9; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: var(--ink); background: #fcfbfa; }
  main { padding: 1.25rem; max-inline-size: 30rem; margin: 0 auto; }
  header { display: flex; align-items: center; gap: .5rem; border-block-end: 1px solid var(--line); padding-block-end: .75rem; }
  header strong { font-size: 1.1rem; }
  h1 { font-size: 1.2rem; }
  label[for=otp] { display: block; }
  .muted { color: var(--muted); }
  .card { border: 1px solid var(--line); border-radius: .75rem; padding: 1rem; margin-block: 1rem; background: #fff; }
  .ltr { direction: ltr; unicode-bidi: isolate; }
  .actions { display: flex; flex-direction: column; gap: .5rem; margin-block-start: 1rem; }
  button { font: inherit; padding: .65rem 1rem; border-radius: 2rem; border: 1px solid var(--ink); background: #fff; cursor: pointer; }
  button.primary { background: var(--ink); color: #fff; }
  .links { display: flex; flex-wrap: wrap; gap: .75rem; margin-block-start: 1rem; }
  .links button { border: 0; padding: 0; background: none; color: var(--brand); text-decoration: underline; }
  label { display: flex; gap: .5rem; align-items: flex-start; margin-block: .5rem; }
  input[type=text] { font: inherit; padding: .5rem; inline-size: 100%; letter-spacing: .3em; }
  input[type=email] { font: inherit; padding: .5rem; inline-size: 100%; }
  fieldset { border: 1px solid var(--line); border-radius: .75rem; margin-block: 1rem; background: #fff; }
  .error { color: #b00020; }
  .card__face { display: flex; gap: .75rem; align-items: center; }
  .card__art { flex: none; border-radius: .35rem; }
  .facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: .75rem 0 0; padding-block-start: .75rem; border-block-start: 1px solid var(--line); }
  .facts dt { color: var(--muted); } .facts dd { margin: 0; font-weight: 600; }
  .progress { display: flex; align-items: center; gap: .5rem; justify-content: center; font-weight: 600; }
  .spinner { inline-size: 18px; block-size: 18px; border: 3px solid var(--line); border-block-start-color: var(--ink); border-radius: 50%; animation: spin 1s linear infinite; }
  @keyframes spin { to { transform: rotate(360deg); } }
  @media (prefers-reduced-motion: reduce) { .spinner { animation-duration: 3s; } }
  :focus-visible { outline: 3px solid var(--brand); outline-offset: 2px; }
`;

export function harnessPage(srcDpaId: string, locale: string): string {
  const query = `srcDpaId=${encodeURIComponent(srcDpaId)}&locale=${encodeURIComponent(locale)}`;
  return `<!doctype html>
<html lang="en" dir="ltr"><head><meta charset="utf-8"><title>Sandbox SDK harness</title>
<script src="/sandbox/srci/integration/2/lib.js?${e(query)}"></script></head>
<body><h1>Sandbox SDK harness</h1>
<p>Loads the SDK for browser tests; drive <code>window.MastercardCheckoutServices</code> from the console.</p>
<iframe id="dcf-frame" name="dcf-frame" title="Click to Pay" width="480" height="600" allow="publickey-credentials-get *; publickey-credentials-create *"></iframe>
</body></html>`;
}

const ART_COLOURS: Record<string, [string, string]> = {
  mastercard: ['#1a1f71', '#eb001b'],
  visa: ['#1a1f71', '#f7b600'],
  amex: ['#2e77bb', '#ffffff'],
  discover: ['#ff6000', '#ffffff'],
  maestro: ['#0099df', '#eb001b'],
};

export function cardArt(brand: string): string | undefined {
  const colours = ART_COLOURS[brand];
  if (!colours) return undefined;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="190" height="120" viewBox="0 0 190 120" role="img" aria-label="${e(brand)}">
<rect width="190" height="120" rx="10" fill="${colours[0]}"/><circle cx="150" cy="90" r="16" fill="${colours[1]}"/>
<text x="14" y="28" fill="#fff" font-family="sans-serif" font-size="14">${e(brand)}</text></svg>`;
}
