// The network's window page: the DCF (a checkout), the code screen (authenticate) and the hosted
// form, in the merchant's popup or iframe. It acts only once its opener has handed it its grant
// (window-api.ts), and answers that page alone, by postMessage.
import { codeForm, el, otpInput } from './dom.ts';
import { hostedMode } from './hosted.ts';
import { bcp47, brandName, DCF_STRINGS, directionOf, resolveDcfLocale, type DcfStrings } from './i18n.ts';
import { openThisWindow, opener, type WindowApi } from './window-api.ts';

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

/**
 * The window fits its content: a popup resizes itself, an iframe tells its page how tall it is
 * (the page sizes the sheet; no empty space under the buttons).
 */
function fitToContent(origin: string): void {
  const report = () => {
    const height = Math.ceil(document.documentElement.scrollHeight);
    if (window.opener && window.opener === opener) {
      window.resizeTo(
        window.outerWidth,
        Math.min(screen.availHeight, height + window.outerHeight - window.innerHeight),
      );
    } else if (opener && opener !== window) {
      opener.postMessage({ type: `${MESSAGE}-size`, height }, origin);
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

/**
 * Answers the checkout once (the server keeps the first answer), tells the merchant's page, and
 * shows the outcome. `consents` are the checkboxes' values, or undefined when not asked.
 */
async function answerCheckout(
  api: WindowApi,
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
  const result = await api.call('POST', '/window/action', { action, ...consents });
  const ok = result.ok || result.status === 409;
  if (!ok && action !== 'ERROR') await api.call('POST', '/window/action', { action: 'ERROR' });
  api.post({ checkoutActionCode: ok ? action : 'ERROR' });
  root.replaceChildren(header(t), el('p', { textContent: ok ? t.done : t.failed }));
}

/**
 * The card's email names an existing profile: the code sent to it before the card can join it.
 * `done` shows the checkout again (`saved`: false when the shopper pays without saving the card).
 */
async function profileCodeScreen(
  api: WindowApi,
  t: DcfStrings,
  done: (saved: boolean) => void,
  cancelButton: () => HTMLButtonElement,
): Promise<void> {
  const sent = await api.call('POST', '/window/profile-code/initiate', {});
  if (!sent.ok) {
    root.replaceChildren(header(t), el('p', { className: 'error', textContent: t.failed }));
    return;
  }
  const form = codeForm(
    t,
    t.profileFound(String(sent.data.maskedValidationChannel ?? '')),
    (code) => api.call('POST', '/window/profile-code/complete', { value: code }),
    () => done(true),
    el('button', { type: 'button', textContent: t.skipCode, onclick: () => done(false) }),
    cancelButton(),
  );
  root.replaceChildren(header(t), ...form.nodes);
  form.input.focus();
}

/** The pending checkout and its strings; undefined (the page says why) when it is over. */
function pendingCheckout(view: CheckoutView): { view: CheckoutView; t: DcfStrings } | undefined {
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

async function checkoutMode(api: WindowApi): Promise<void> {
  const pending = pendingCheckout(api.view.checkout as CheckoutView);
  if (!pending) return;
  const { view, t } = pending;
  fitToContent(api.view.merchantOrigin);
  const { remember, askRememberMe, enrol, consents } = consentInputs(view, t);

  let answered = false;
  const answer = async (action: string) => {
    if (answered) return;
    answered = true;
    await answerCheckout(api, t, action, {
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
  if (view.validationRequired) await profileCodeScreen(api, t, afterCode, () => button(t.cancel, 'CANCEL'));
  else main();
}

/** Sends the typed code; answers the merchant's page when it is right, or when the challenge is over. */
async function submitCode(api: WindowApi, t: DcfStrings, code: string, rememberMe: boolean, error: HTMLElement) {
  const { ok, data } = await api.call('POST', '/window/code', { value: code, rememberMe });
  if (ok) {
    api.post({ status: 'AUTHENTICATED', recognitionToken: data.recognitionToken });
    root.replaceChildren(header(t), el('p', { textContent: t.done }));
  } else if (data.reason === 'CODE_INVALID') {
    error.textContent = String(data.message);
  } else {
    api.post({ status: 'FAILED', reason: data.reason, message: data.message });
    root.replaceChildren(header(t), el('p', { className: 'error', textContent: String(data.message ?? t.failed) }));
  }
}

function otpMode(api: WindowApi): void {
  const t = setLocale(String(api.view.locale));
  const channel = String(api.view.channel ?? '');
  fitToContent(api.view.merchantOrigin);
  const input = otpInput();
  const error = el('p', { className: 'error', role: 'alert' });
  const remember = el('input', { type: 'checkbox', id: 'remember-me' });
  const submit = () => submitCode(api, t, input.value, remember.checked, error);
  const cancel = () => api.post({ status: 'CANCEL', reason: 'CANCEL', message: 'The consumer cancelled' });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') cancel();
  });
  const label = el('label', { htmlFor: 'otp', textContent: t.otpLabel });
  root.replaceChildren(
    header(t),
    el('h1', { textContent: t.otpTitle }),
    el('p', { textContent: t.otpSent(channel) }),
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
        textContent: t.notYou(channel),
        onclick: () =>
          api.post({
            status: 'NOT_YOU',
            reason: 'NOT_YOU',
            message: 'Not you? The consumer wants to use another email address or phone number',
          }),
      }),
    ),
  );
  input.focus();
}

/** Opens the window with its opener's grant, then shows what its kind needs. */
async function start(): Promise<void> {
  const t = setLocale(params.get('locale'));
  const api = await openThisWindow(params.get('window'));
  if (!api) {
    root.replaceChildren(header(t), el('p', { className: 'error', role: 'alert', textContent: t.notOpened }));
    return;
  }
  if (api.view.kind === 'CODE') otpMode(api);
  else if (api.view.kind === 'HOSTED') await hostedMode(root, api);
  else await checkoutMode(api);
}

void start();
