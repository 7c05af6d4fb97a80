import { sdkScriptUrl } from '@c2p/domain';
import { SDK_METHODS } from '../../lib/click-to-pay/types';
import { currentLocale } from '../../lib/i18n';
import { checkoutConfiguration, hostedCheckoutEnabled } from '../../lib/click-to-pay/settings';
import type { ApiLogEntry, ApiLogTransaction } from './log-store';
import { sourceOf } from './log-filter';
import { maskNotesOf } from './mask-notes';
import { PASSKEY_STEPS } from '../../lib/click-to-pay/window-steps';

/** The component page that runs a logged call again (issue 17: replay), by the call's name. */
const REPLAY_PAGES: Record<string, string> = {
  idLookup: 'email-lookup',
  initiateValidation: 'otp-input',
  authenticate: 'authenticate',
  getCards: 'get-cards',
  encryptCard: 'card-encryption',
  checkoutWithCard: 'checkout-with-card',
  checkoutWithNewCard: 'checkout-with-new-card',
  getPayload: 'fetch-payload',
  confirmation: 'post-confirmation',
};

/** The calls whose purpose the catalogue explains (API_LOG.PURPOSE.{name}); others get a general line. */
export const EXPLAINED_CALLS = [
  'loadScript',
  ...SDK_METHODS,
  'renderButton',
  'getPayload',
  'confirmation',
  'saveCardOnFile',
  'deleteCardOnFile',
  'cardOnFileCredentials',
  'configuration',
  ...PASSKEY_STEPS,
] as const;

/** The i18n key of the one-line purpose of a call; an agent's call says its own (AGENTIC_LIVE.PURPOSE). */
export function purposeKey(name: string, log?: Pick<ApiLogEntry, 'agent'>): string {
  const agentPurpose = log?.agent?.purpose;
  if (typeof agentPurpose === 'string') return `AGENTIC_LIVE.PURPOSE.${agentPurpose}`;
  return (EXPLAINED_CALLS as readonly string[]).includes(name) ? `API_LOG.PURPOSE.${name}` : 'API_LOG.PURPOSE.OTHER';
}

/** Where a logged call can be run again: `/components/{slug}?replay={transaction}.{index}`, or undefined. */
export function replayHref(name: string, transactionId: string, index: number): string | undefined {
  const slug = REPLAY_PAGES[name];
  return slug ? `/components/${slug}?replay=${encodeURIComponent(`${transactionId}.${index}`)}` : undefined;
}

/** The merchant-server calls the API log records, by log name: their tag and operation in /api/openapi.json. */
const REFERENCE_OPERATIONS: Record<string, readonly [tag: string, operationId: string]> = {
  getPayload: ['Click to Pay', 'postApiGetPayload'],
  confirmation: ['Click to Pay', 'postApiConfirmation'],
  saveCardOnFile: ['Card on File', 'postApiMerchantCards'],
  deleteCardOnFile: ['Card on File', 'deleteApiMerchantCardsId'],
  cardOnFileCredentials: ['Card on File', 'postApiMerchantCardsIdCredentials'],
};

/** The merchant-server operation's entry in the API reference page (Swagger UI's deep link). */
export function apiReferenceUrl(name: string): string {
  const operation = REFERENCE_OPERATIONS[name];
  return operation ? `/api/reference#/${encodeURIComponent(operation[0])}/${operation[1]}` : '/api/reference';
}

const json = (value: unknown, indent = 2) => JSON.stringify(value ?? null, null, indent) ?? 'null';
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function maskedComment(log: ApiLogEntry, prefix: string): string[] {
  const notes = maskNotesOf(log).filter((note) => note.path.startsWith('request'));
  return notes.map(
    (note) =>
      `${prefix} ${note.path} was masked in the log (${note.kind}, ${note.length} characters): put your own value in its place.`,
  );
}

/** The SDK's script as the current configuration loads it, as an absolute URL. */
function sdkUrl(): string {
  const url = sdkScriptUrl(checkoutConfiguration(), currentLocale(), hostedCheckoutEnabled());
  return new URL(url, window.location.origin).href;
}

/**
 * A logged call as code that runs as it is (issue 17: copy as code): JavaScript for a browser SDK
 * call (the SDK loaded and initialised with the transaction's own `init`), `curl` for a merchant
 * server call. Secrets stay as the log masked them; a comment says which.
 */
export function entryAsCode(
  log: ApiLogEntry,
  transaction: Pick<ApiLogTransaction, 'logs'>,
  origin = window.location.origin,
): string {
  if (sourceOf(log) === 'server') {
    const request = (log.request ?? {}) as { method?: string; path?: string; body?: unknown };
    const method = typeof request.method === 'string' ? request.method : 'POST';
    const path = typeof request.path === 'string' ? request.path : `/api/${log.name}`;
    return [
      `# ${log.name}: the browser's call to the merchant server, which calls the network (signed) and answers.`,
      ...maskedComment(log, '#'),
      `curl -X ${method} ${shellQuote(new URL(path, origin).href)} \\`,
      `  -H 'content-type: application/json' \\`,
      `  --data-raw ${shellQuote(JSON.stringify(request.body ?? {}))}`,
    ].join('\n');
  }
  const init = transaction.logs.find((entry) => entry?.name === 'init' && !entry.failed)?.request;
  const params = log.request;
  const usesWindow = JSON.stringify(params ?? null).includes('"[Window]"');
  const args = (value: unknown) =>
    json(value)
      .replace(/"\[Window\]"/g, 'windowRef')
      .split('\n')
      .join('\n  ');
  const lines = [
    `// ${log.name}, from the API log: run it in the console of a page on an origin the network allows.`,
    ...(sourceOf(log) === 'mock'
      ? ['// Logged from the guided tour’s mock SRC; this runs it on the network’s SDK.']
      : []),
    ...maskedComment(log, '//'),
    '(async () => {',
    '  if (!window.MastercardCheckoutServices) {',
    '    await new Promise((resolve, reject) => {',
    "      const script = document.createElement('script');",
    `      script.src = ${JSON.stringify(sdkUrl())};`,
    '      script.onload = resolve;',
    '      script.onerror = reject;',
    '      document.head.append(script);',
    '    });',
    '  }',
    '  const mcCheckoutService = new MastercardCheckoutServices();',
  ];
  if (log.name !== 'init') lines.push(`  await mcCheckoutService.init(${args(init ?? {})});`);
  if (usesWindow) lines.push("  const windowRef = window.open('', 'dcf', 'width=480,height=640');");
  const call =
    params === null || params === undefined
      ? `mcCheckoutService.${log.name}()`
      : `mcCheckoutService.${log.name}(${args(params)})`;
  lines.push(`  const answer = await ${call};`, '  console.log(answer);', '  return answer;', '})();');
  return lines.join('\n');
}
