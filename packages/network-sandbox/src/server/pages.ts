// The sandbox's pages: the test-data page for integrators, the DCF shell, the browser test
// harness, card art. Everything that comes from data or the query string is escaped.
import { LOCALES, resolveLocale, type LocaleCode } from '@c2p/domain';
import { cardBrandOf } from '@c2p/domain/card-brand';
import { brandName } from '../dcf/i18n.ts';
import { SANDBOX_CONSUMERS, SANDBOX_NEW_CARDS, SANDBOX_OTP } from '../test-data.ts';
import { SANDBOX_PAGE_STRINGS } from './pages-strings.ts';
import { passkeysPageLink } from './passkeys-page.ts';
import { escapeHtml as e } from './util.ts';

const PAGE_CSS = `
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #f7f7f5; }
  main { max-inline-size: 60rem; margin: 0 auto; padding: 1.5rem; }
  table { border-collapse: collapse; inline-size: 100%; background: #fff; margin-block-end: 1.5rem; }
  th, td { border: 1px solid #ddd; padding: .4rem .6rem; text-align: start; vertical-align: top; }
  code { font-family: ui-monospace, monospace; unicode-bidi: isolate; }
  td code { white-space: nowrap; }
  .scroll { overflow-x: auto; margin-block-end: 1.5rem; } .scroll table { margin-block-end: 0; }
  .address { overflow-wrap: anywhere; }
  h1 { font-size: 1.6rem; } h2 { font-size: 1.2rem; margin-block-start: 2rem; }
`;

function group(pan: string): string {
  return pan.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The merchant's paymentOptions and what the payload then carries (network-api/payload.ts). */
const PAYLOAD_ROWS = [
  ['default', "{ dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM' }"],
  ['panRequested', '{ dynamicDataType: …, dpaPanRequested: true }'],
  ['none', "{ dynamicDataType: 'NONE' }"],
  ['securityCode', "{ dynamicDataType: 'DYNAMIC_CARD_SECURITY_CODE' }"],
] as const;

/** The test-data page for integrators, in the visitor's language (pages-strings.ts). */
export function landingPage(origin: string, localeCode: LocaleCode = 'en-US'): string {
  const s = SANDBOX_PAGE_STRINGS[localeCode];
  const locale = resolveLocale(localeCode);
  const code = (text: string, className = '') =>
    `<code dir="ltr"${className ? ` class="${className}"` : ''}>${e(text)}</code>`;
  // A table scrolls by itself on a narrow screen (the page never does); the keyboard can scroll it too.
  const table = (label: string, head: string[], body: string) =>
    `<div class="scroll" tabindex="0" role="group" aria-label="${e(label)}"><table><thead><tr>${head.map((cell) => `<th>${e(cell)}</th>`).join('')}</tr></thead><tbody>${body}</tbody></table></div>`;
  const consumers = SANDBOX_CONSUMERS.map(
    (consumer) => `<tr>
      <td>${code(consumer.email)}</td>
      <td>${consumer.mobileNumber ? code(`+${consumer.mobileNumber.countryCode} ${consumer.mobileNumber.phoneNumber}`) : ''}</td>
      <td>${e(consumer.locked ? s.status.locked : s.status.active)}</td>
      <td><ul>${consumer.cards
        .map((card) => `<li>${code(group(card.primaryAccountNumber))} ${e(brandName(card.brand))}</li>`)
        .join('')}</ul></td>
      <td>${e(s.notes[consumer.role])}</td></tr>`,
  ).join('');
  const payloadRows = PAYLOAD_ROWS.map(
    ([row, options]) => `<tr><td>${code(options)}</td><td>${e(s.payloadRows[row])}</td></tr>`,
  ).join('');
  const cards = SANDBOX_NEW_CARDS.map(
    (card) =>
      `<tr><td>${code(group(card.primaryAccountNumber))}</td><td>${e(brandName(cardBrandOf(card.primaryAccountNumber)))}</td></tr>`,
  ).join('');
  const languages = LOCALES.map((other) =>
    other.code === localeCode
      ? `<strong lang="${other.code}">${e(other.name)}</strong>`
      : `<a href="/sandbox?locale=${other.code}" lang="${other.code}" hreflang="${other.code}">${e(other.name)}</a>`,
  ).join(' · ');
  return `<!doctype html>
<html lang="${localeCode}" dir="${locale.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(s.title)}</title><style>${PAGE_CSS}</style></head>
<body><main>
<nav aria-label="${e(s.languages)}"><p>${languages}</p></nav>
<h1>${e(s.heading)}</h1>
<p>${e(s.intro[0])} ${code(`${origin}/sandbox/srci/integration/2/lib.js?srcDpaId=YOUR_DPA&locale=${locale.iso}`, 'address')}${e(s.intro[1])} <a href="/sandbox/keys">${code('/sandbox/keys')}</a>${e(s.intro[2])}</p>
<h2>${e(s.otpTitle)}</h2>
<p>${e(s.otp[0])} ${code(SANDBOX_OTP)}${e(s.otp[1])} ${code('RETRIES_EXCEEDED')}${e(s.otp[2])}</p>
<h2>${e(s.consumersTitle)}</h2>
${table(s.consumersTitle, [s.columns.email, s.columns.mobile, s.columns.status, s.columns.cards, s.columns.notes], consumers)}
<p>${e(s.otherEmail[0])} ${code('consumerPresent: false')}${e(s.otherEmail[1])}</p>
${passkeysPageLink(localeCode)}
<h2>${e(s.payloadTitle)}</h2>
<p>${e(s.payloadIntro)}</p>
${table(s.payloadTitle, [s.payloadColumns.asked, s.payloadColumns.carries], payloadRows)}
<p>${e(s.payloadShop)}</p>
<h2>${e(s.newCardsTitle)}</h2>
<p>${e(s.newCardsIntro)}</p>
${table(s.newCardsTitle, [s.newCardsColumns.number, s.newCardsColumns.brand], cards)}
<h2>${e(s.setupTitle)}</h2>
<p>${e(s.setup[0])} ${code('PUT /sandbox/dpas/{srcDpaId}/key')} ${e(s.setup[1])}</p>
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
  .note { font-size: .85rem; color: var(--muted); border-inline-start: 3px solid var(--brand); padding-inline-start: .5rem; margin-block-start: 1.25rem; }
  .card > .facts:first-child { border: 0; margin: 0; padding: 0; }
  .lines, .tokens { margin: 0; padding-inline-start: 1.1rem; }
  .tokens li { margin-block: .5rem; }
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
<body><main><h1>Sandbox SDK harness</h1>
<p>Loads the SDK for browser tests; drive <code>window.MastercardCheckoutServices</code> from the console.</p>
<iframe id="dcf-frame" name="dcf-frame" title="Click to Pay" width="480" height="600" allow="publickey-credentials-get *; publickey-credentials-create *"></iframe>
</main></body></html>`;
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
