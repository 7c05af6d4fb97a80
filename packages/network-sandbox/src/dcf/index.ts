// The DCF (digital card facilitator) page: runs in the merchant's popup or iframe, shows the card
// and the merchant, and answers the SDK by postMessage, to the merchant's origin only.
import { codeForm, el, otpInput } from './dom.ts';
import { hostedMode } from './hosted.ts';
import { bcp47, brandName, DCF_STRINGS, directionOf, resolveDcfLocale, type DcfStrings } from './i18n.ts';

type Json = Record<string, unknown>;
const MESSAGE = 'c2p-sandbox:dcf';

interface CheckoutView {
  status: string;
  kind: 'CARD' | 'NEW_CARD' | 'INSTALLMENTS';
  merchantOrigin: string;
  merchant: { name: string };
  locale: string;
  confirmPayment: boolean;
  amount: { transactionAmount: number | string; transactionCurrencyCode: string } | null;
  card: {
    brand: string;
    panLastFour: string;
    panExpirationMonth: string;
    panExpirationYear: string;
    descriptorName: string;
  } | null;
  consumer: { maskedEmailAddress: string } | null;
  newCard: boolean;
  /** The new card's email has a profile: its code first, or pay without saving the card. */
  validationRequired: boolean;
  rememberMe: boolean;
  /** False when the merchant's page asked already, or this browser is remembered: ask once. */
  askRememberMe?: boolean;
  installmentPlan: {
    numberOfInstallments: number;
    installmentAmount: string;
    lastInstallmentAmount?: string;
    currency: string;
  } | null;
}

const root = document.getElementById('dcf')!;
const params = new URLSearchParams(location.search);
const target: Window | null = window.opener ?? (window.parent !== window ? window.parent : null);

function setLocale(value: string | null): DcfStrings {
  const locale = resolveDcfLocale(value);
  document.documentElement.lang = bcp47(locale);
  document.documentElement.dir = directionOf(locale);
  return DCF_STRINGS[locale];
}

function money(amount: CheckoutView['amount'], locale: string): string {
  if (!amount) return '';
  try {
    return new Intl.NumberFormat(bcp47(resolveDcfLocale(locale)), {
      style: 'currency',
      currency: amount.transactionCurrencyCode,
    }).format(Number(amount.transactionAmount));
  } catch {
    return `${amount.transactionAmount} ${amount.transactionCurrencyCode}`;
  }
}

function post(origin: string, message: Json): void {
  target?.postMessage({ type: MESSAGE, ...message }, origin);
}

/**
 * The window fits its content: a popup resizes itself, an iframe tells its page how tall it is
 * (the page sizes the sheet; no empty space under the buttons).
 */
function fitToContent(origin: string): void {
  const report = () => {
    const height = Math.ceil(document.documentElement.scrollHeight);
    if (window.opener && window.opener === target) {
      window.resizeTo(
        window.outerWidth,
        Math.min(screen.availHeight, height + window.outerHeight - window.innerHeight),
      );
    } else if (target && target !== window) {
      target.postMessage({ type: `${MESSAGE}-size`, height }, origin);
    }
  };
  new ResizeObserver(report).observe(root);
  report();
}

/** Focus moves into the window on every screen: to its primary action, or the field to fill. */
function focusFirst(selector = 'button.primary'): void {
  const element = root.querySelector<HTMLElement>(selector) ?? root.querySelector<HTMLElement>('button, input');
  element?.focus();
}

function header(t: DcfStrings, subtitle?: string): HTMLElement {
  return el(
    'header',
    {},
    el('strong', { textContent: t.title }),
    ...(subtitle ? [el('span', { className: 'muted', textContent: `· ${subtitle}` })] : []),
  );
}

/** The card, the merchant, the amount and the plan: what the shopper is about to pay with. */
function cardSection(view: CheckoutView, t: DcfStrings): HTMLElement {
  const cardBox = el('section', {
    className: 'card',
    ariaLabel: view.card ? t.card(brandName(view.card.brand), view.card.panLastFour) : t.reviewTitle,
  });
  if (view.card) cardBox.append(cardFace(view.card, t));
  const facts = el('dl', { className: 'facts' });
  if (view.merchant.name)
    facts.append(el('dt', { textContent: t.merchant }), el('dd', { textContent: view.merchant.name }));
  if (view.amount)
    facts.append(el('dt', { textContent: t.amount }), el('dd', { textContent: money(view.amount, view.locale) }));
  cardBox.append(facts);
  const plan = view.installmentPlan;
  const inPlanCurrency = (amount: string) =>
    money({ transactionAmount: amount, transactionCurrencyCode: plan!.currency }, view.locale);
  if (plan) {
    cardBox.append(
      el('div', { textContent: t.installments(plan.numberOfInstallments, inPlanCurrency(plan.installmentAmount)) }),
    );
  }
  if (plan?.lastInstallmentAmount) {
    cardBox.append(
      el('div', { className: 'muted', textContent: t.lastInstallment(inPlanCurrency(plan.lastInstallmentAmount)) }),
    );
  }
  return cardBox;
}

function cardFace(card: NonNullable<CheckoutView['card']>, t: DcfStrings): HTMLElement {
  return el(
    'div',
    { className: 'card__face' },
    el('img', {
      className: 'card__art',
      src: `/sandbox/card-art/${encodeURIComponent(card.brand)}.svg`,
      alt: '',
      width: 76,
      height: 48,
    }),
    el(
      'div',
      {},
      el(
        'div',
        { className: 'card__name' },
        el('strong', { textContent: brandName(card.brand) }),
        ' ',
        el('span', { className: 'ltr', textContent: `•••• ${card.panLastFour}` }),
      ),
      el('div', { className: 'muted' }, card.descriptorName),
      el('div', { className: 'muted' }, t.expires(card.panExpirationMonth, card.panExpirationYear.slice(-2))),
    ),
  );
}

const postAction = (checkoutId: string, body: Json) =>
  fetch(`/sandbox/api/checkouts/${encodeURIComponent(checkoutId)}/action`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => undefined);

/**
 * Answers the checkout once (the server keeps the first answer), tells the merchant's page, and
 * shows the outcome. `consents` are the checkboxes' values, or undefined when not asked.
 */
async function answerCheckout(
  checkoutId: string,
  view: CheckoutView,
  t: DcfStrings,
  action: string,
  consents: { rememberMe: boolean | undefined; enrol: boolean | undefined },
): Promise<void> {
  for (const button of root.querySelectorAll('button')) button.disabled = true;
  // Progress at once: the network's answer can take a second or more.
  if (action !== 'CANCEL') {
    root.append(
      el(
        'p',
        { className: 'progress', role: 'status' },
        el('span', { className: 'spinner', ariaHidden: 'true' }),
        el('span', { textContent: t.processing }),
      ),
    );
  }
  const result = await postAction(checkoutId, { action, ...consents });
  const ok = result?.ok === true || result?.status === 409;
  if (!ok && action !== 'ERROR') await postAction(checkoutId, { action: 'ERROR' });
  post(view.merchantOrigin, { checkoutId, checkoutActionCode: ok ? action : 'ERROR' });
  root.replaceChildren(header(t), el('p', { textContent: ok ? t.done : t.failed }));
}

/**
 * The card's email names an existing profile: the code sent to it before the card can join it.
 * `done` shows the checkout again (`saved`: false when the shopper pays without saving the card).
 */
async function profileCodeScreen(
  checkoutId: string,
  t: DcfStrings,
  done: (saved: boolean) => void,
  cancelButton: () => HTMLButtonElement,
): Promise<void> {
  const api = (path: string, body: Json) =>
    fetch(`/sandbox/api/checkouts/${encodeURIComponent(checkoutId)}/validation/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (response) => ({ ok: response.ok, data: (await response.json().catch(() => ({}))) as Json }));
  const sent = await api('initiate', {}).catch(() => undefined);
  if (!sent?.ok) {
    root.replaceChildren(header(t), el('p', { className: 'error', textContent: t.failed }));
    return;
  }
  const form = codeForm(
    t,
    t.profileFound(String(sent.data.maskedValidationChannel ?? '')),
    (code) => api('complete', { value: code }),
    () => done(true),
    el('button', { type: 'button', textContent: t.skipCode, onclick: () => done(false) }),
    cancelButton(),
  );
  root.replaceChildren(header(t), ...form.nodes);
  form.input.focus();
}

/** The pending checkout and its strings; undefined (the page says why) when it failed or is over. */
async function pendingCheckout(checkoutId: string): Promise<{ view: CheckoutView; t: DcfStrings } | undefined> {
  const response = await fetch(`/sandbox/api/checkouts/${encodeURIComponent(checkoutId)}`);
  if (!response.ok) {
    const t = setLocale(params.get('locale'));
    root.replaceChildren(header(t), el('p', { className: 'error', textContent: t.failed }));
    return undefined;
  }
  const view = (await response.json()) as CheckoutView;
  const t = setLocale(view.locale);
  document.title = `${t.title} · ${view.merchant.name}`;
  if (view.status !== 'PENDING') {
    root.replaceChildren(header(t), el('p', { textContent: t.finished }));
    return undefined;
  }
  return { view, t };
}

/** "Remember me" (unless asked already) and, for a new card, "Save my card". */
function consentInputs(view: CheckoutView, t: DcfStrings) {
  const remember = el('input', { type: 'checkbox', checked: view.rememberMe, id: 'remember-me' });
  const askRememberMe = view.askRememberMe !== false;
  const enrol = el('input', { type: 'checkbox', checked: true, id: 'enrol' });
  const consents = el('div', {});
  if (askRememberMe) consents.append(el('label', {}, remember, t.rememberMe));
  if (view.newCard) consents.append(el('label', {}, enrol, t.enrol));
  return { remember, askRememberMe, enrol, consents };
}

async function checkoutMode(checkoutId: string): Promise<void> {
  const pending = await pendingCheckout(checkoutId);
  if (!pending) return;
  const { view, t } = pending;
  fitToContent(view.merchantOrigin);
  const { remember, askRememberMe, enrol, consents } = consentInputs(view, t);

  let answered = false;
  const answer = async (action: string) => {
    if (answered) return;
    answered = true;
    await answerCheckout(checkoutId, view, t, action, {
      rememberMe: askRememberMe ? remember.checked : undefined,
      enrol: view.newCard ? enrol.checked : undefined,
    });
  };
  const button = (text: string, action: string, primary = false) =>
    el('button', {
      type: 'button',
      textContent: text,
      className: primary ? 'primary' : '',
      onclick: () => void answer(action),
    });

  const cardBox = cardSection(view, t);

  const links = el(
    'div',
    { className: 'links' },
    ...(view.newCard ? [] : [button(t.changeCard, 'CHANGE_CARD')]),
    button(t.addCard, 'ADD_CARD'),
    ...(view.consumer ? [button(t.notYou(view.consumer.maskedEmailAddress), 'SWITCH_CONSUMER')] : []),
  );

  const main = () => {
    root.replaceChildren(
      header(t),
      el('h1', { textContent: t.reviewTitle }),
      cardBox,
      consents,
      el(
        'div',
        { className: 'actions' },
        view.confirmPayment
          ? el('button', { type: 'button', className: 'primary', textContent: t.continue, onclick: confirm })
          : button(t.continue, 'COMPLETE', true),
        button(t.cancel, 'CANCEL'),
      ),
      links,
    );
    focusFirst();
  };
  const confirm = () => {
    root.replaceChildren(
      header(t),
      el('h1', { textContent: t.confirmTitle }),
      cardBox,
      el('p', { textContent: t.confirmPay(money(view.amount, view.locale) || view.merchant.name) }),
      el(
        'div',
        { className: 'actions' },
        button(t.pay, 'COMPLETE', true),
        el('button', { type: 'button', textContent: t.back, onclick: main }),
        button(t.cancel, 'CANCEL'),
      ),
    );
    focusFirst();
  };
  // Escape cancels the window, as its Cancel button does.
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') void answer('CANCEL');
  });

  const afterCode = (saved: boolean) => {
    if (!saved) {
      enrol.checked = false;
      enrol.disabled = true;
    }
    main();
  };
  if (view.validationRequired) await profileCodeScreen(checkoutId, t, afterCode, () => button(t.cancel, 'CANCEL'));
  else main();
}

/** Sends the typed code; answers the merchant's page when it is right, or when the challenge is over. */
async function submitCode(origin: string, t: DcfStrings, code: string, rememberMe: boolean, error: HTMLElement) {
  const session = new URLSearchParams(location.hash.slice(1)).get('session') ?? '';
  const response = await fetch('/sandbox/api/validation/complete', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', 'x-sandbox-session': session },
    body: JSON.stringify({
      value: code,
      rememberMe,
      requestRecognitionToken: params.get('recognition') === '1',
    }),
  });
  const data = (await response.json()) as Json;
  if (response.ok) {
    post(origin, { status: 'AUTHENTICATED', recognitionToken: data.recognitionToken });
    root.replaceChildren(header(t), el('p', { textContent: t.done }));
  } else if (data.reason === 'CODE_INVALID') {
    error.textContent = String(data.message);
  } else {
    post(origin, { status: 'FAILED', reason: data.reason, message: data.message });
    root.replaceChildren(header(t), el('p', { className: 'error', textContent: String(data.message) }));
  }
}

async function otpMode(): Promise<void> {
  const t = setLocale(params.get('locale'));
  // Whom to answer is the server's to say (the page that asked for the code), never this URL's.
  const bound = await fetch(`/sandbox/api/challenges/${encodeURIComponent(params.get('challenge') ?? '')}`).catch(
    () => undefined,
  );
  const origin = bound?.ok ? String(((await bound.json()) as Json).merchantOrigin ?? '') : '';
  if (!origin) {
    root.replaceChildren(header(t), el('p', { className: 'error', textContent: t.failed }));
    return;
  }
  fitToContent(origin);
  const input = otpInput();
  const error = el('p', { className: 'error', role: 'alert' });
  const remember = el('input', { type: 'checkbox', id: 'remember-me' });
  const submit = () => submitCode(origin, t, input.value, remember.checked, error);
  const cancel = () => post(origin, { status: 'CANCEL', reason: 'CANCEL', message: 'The consumer cancelled' });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') cancel();
  });
  const label = el('label', { htmlFor: 'otp', textContent: t.otpLabel });
  root.replaceChildren(
    header(t),
    el('h1', { textContent: t.otpTitle }),
    el('p', { textContent: t.otpSent(params.get('channel') ?? '') }),
    label,
    input,
    error,
    el('label', {}, remember, t.rememberMe),
    el(
      'div',
      { className: 'actions' },
      el('button', { type: 'button', className: 'primary', textContent: t.verify, onclick: () => void submit() }),
      el('button', {
        type: 'button',
        textContent: t.cancel,
        onclick: cancel,
      }),
    ),
    // Integrations branch on this outcome to offer another email or phone number.
    el(
      'div',
      { className: 'links' },
      el('button', {
        type: 'button',
        textContent: t.notYou(params.get('channel') ?? ''),
        onclick: () =>
          post(origin, {
            status: 'NOT_YOU',
            reason: 'NOT_YOU',
            message: 'Not you? The consumer wants to use another email address or phone number',
          }),
      }),
    ),
  );
  input.focus();
}

const checkoutId = params.get('checkout');
if (params.get('mode') === 'otp') void otpMode();
else if (params.get('mode') === 'hosted') void hostedMode(root, params);
else if (checkoutId) void checkoutMode(checkoutId);
else root.replaceChildren(el('p', { className: 'error', textContent: setLocale(params.get('locale')).failed }));
