// The checkout window (DCF): the card, the merchant and the amount; the shopper's consents;
// Continue (after confirming with a passkey or the code, when the merchant asked for an
// authenticated payment); and, once a new card joined a profile, the offer of a passkey.
import { actions, button, codeForm, el } from './dom.ts';
import { brandName, type DcfStrings } from './i18n.ts';
import { fitToContent, focusFirst, header, money, root, setLocale, type Amount } from './page.ts';
import { unavailableStep } from './passkey-steps.ts';
import { noPasskeyHere, offerPasskey, passkeyAnswer, passkeyScreen } from './passkey.ts';
import type { WindowApi } from './window-api.ts';

export interface CheckoutView {
  status: string;
  kind: 'CARD' | 'NEW_CARD' | 'INSTALLMENTS';
  merchantOrigin: string;
  merchant: { name: string };
  locale: string;
  confirmPayment: boolean;
  amount: Amount;
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
  /** This browser does not prove the recognised shopper (a page on another site): the code first. */
  stepUp?: boolean;
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
        '•••• ',
        el('span', { className: 'ltr', textContent: card.panLastFour }),
      ),
      el('div', { className: 'muted' }, card.descriptorName),
      el('div', { className: 'muted' }, t.expires(card.panExpirationMonth, card.panExpirationYear.slice(-2))),
    ),
  );
}

/**
 * Answers the checkout once (the server keeps the first answer), tells the merchant's page, and
 * shows the outcome. `consents` are the checkboxes' values, or undefined when not asked;
 * `offerPasskeyAfter`: the shopper proved it with the code, where no passkey served.
 */
async function answerCheckout(
  api: WindowApi,
  t: DcfStrings,
  action: string,
  consents: { rememberMe: boolean | undefined; enrol: boolean | undefined },
  offerPasskeyAfter = false,
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
  // A card just saved to a profile, or a payment confirmed by code: the network offers that profile
  // a passkey before going back.
  if (result.ok && action === 'COMPLETE' && (consents.enrol || offerPasskeyAfter)) {
    await offerPasskey(root, api, t, () => header(t));
  }
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
  stepUp: boolean,
  done: (saved: boolean) => void,
  cancelButton: () => HTMLButtonElement,
): Promise<void> {
  const sent = await api.call('POST', '/window/profile-code/initiate', {});
  if (!sent.ok) {
    root.replaceChildren(header(t), el('p', { className: 'error', textContent: t.failed }));
    return;
  }
  const channel = String(sent.data.maskedValidationChannel ?? '');
  const form = codeForm(
    t,
    stepUp ? t.confirmItsYou(channel) : t.profileFound(channel),
    (code) => api.call('POST', '/window/profile-code/complete', { value: code }),
    () => done(true),
    ...(stepUp ? [] : [el('button', { type: 'button', textContent: t.skipCode, onclick: () => done(false) })]),
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
  /** The checkboxes' values, undefined for one not asked. */
  const given = () => ({
    rememberMe: askRememberMe ? remember.checked : undefined,
    enrol: view.newCard ? enrol.checked : undefined,
  });
  return { enrol, consents, given };
}

/** Change card, Add a card and "Not you?": each answers the checkout as the merchant's page reads it. */
function linksOf(view: CheckoutView, t: DcfStrings, answering: (text: string, action: string) => HTMLButtonElement) {
  return el(
    'div',
    { className: 'links' },
    ...(view.newCard ? [] : [answering(t.changeCard, 'CHANGE_CARD')]),
    answering(t.addCard, 'ADD_CARD'),
    ...(view.consumer ? [answering(t.notYou(view.consumer.maskedEmailAddress), 'SWITCH_CONSUMER')] : []),
  );
}

export async function checkoutMode(api: WindowApi): Promise<void> {
  const pending = pendingCheckout(api.view.checkout as CheckoutView);
  if (!pending) return;
  const { view, t } = pending;
  fitToContent(api.view.merchantOrigin);
  const { enrol, consents, given } = consentInputs(view, t);

  let answered = false;
  const answer = async (action: string, offerPasskeyAfter = false) => {
    if (answered) return;
    answered = true;
    await answerCheckout(api, t, action, given(), offerPasskeyAfter);
  };
  const answering = (text: string, action: string) => button(text, () => void answer(action));

  const cardBox = cardSection(view, t);

  const links = linksOf(view, t, answering);

  const authentication = (api.view.authentication ?? {}) as TransactionAuthentication;
  const confirmsFirst = authentication.passkey === true || authentication.code === true;
  // Asked for, but the network authenticates nothing here (no dpaName, no profile): the log says why.
  if (authentication.requested && !confirmsFirst) unavailableStep(api, 'CONFIRM', authentication.reason);
  const pay = () => (confirmsFirst ? confirmThenPay(api, view, t, authentication, answer) : answer('COMPLETE'));
  const main = () => {
    root.replaceChildren(
      header(t),
      el('h1', { textContent: t.reviewTitle }),
      cardBox,
      consents,
      actions(t.continue, () => (view.confirmPayment ? confirm() : void pay()), answering(t.cancel, 'CANCEL')),
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
      actions(t.pay, () => void pay(), button(t.back, main), answering(t.cancel, 'CANCEL')),
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
  if (view.validationRequired) {
    await profileCodeScreen(api, t, view.stepUp === true, afterCode, () => answering(t.cancel, 'CANCEL'));
  } else main();
}

/** What the window was told of transaction authentication (the merchant asked for an authenticated payload). */
interface TransactionAuthentication {
  requested?: boolean;
  passkey?: boolean;
  code?: boolean;
  reason?: string;
}

/**
 * Transaction authentication: the shopper confirms with the passkey, or with the code sent to the
 * profile ("Use another method", a refused prompt, or no passkey here), then the payment completes.
 */
async function confirmThenPay(
  api: WindowApi,
  view: CheckoutView,
  t: DcfStrings,
  authentication: TransactionAuthentication,
  answer: (action: string, offerPasskeyAfter?: boolean) => Promise<void>,
): Promise<void> {
  const amount = money(view.amount, view.locale) || view.merchant.name;
  const unavailable = noPasskeyHere('CONFIRM', authentication.passkey, authentication.reason);
  if (unavailable) unavailableStep(api, 'CONFIRM', unavailable);
  else {
    const confirmed = await passkeyScreen(root, t, header(t), t.confirmPaymentText(amount), () =>
      passkeyAnswer(api, 'CONFIRM', '/window/passkey/confirm-options', '/window/passkey/confirm'),
    );
    // A passkey the network refused: the merchant's page hears ERROR, as from the network.
    if (confirmed) return answer(confirmed.ok ? 'COMPLETE' : 'ERROR');
  }
  const sent = await api.call('POST', '/window/confirm-code/send', {});
  if (!sent.ok) return answer('ERROR');
  const form = codeForm(
    t,
    t.confirmByCode(view.consumer?.maskedEmailAddress ?? ''),
    (code) => api.call('POST', '/window/confirm-code', { value: code }),
    // After the challenge, the network offers a passkey where none served (reference section 17).
    () => answer('COMPLETE', true),
    el('button', { type: 'button', textContent: t.cancel, onclick: () => void answer('CANCEL') }),
  );
  root.replaceChildren(header(t), ...form.nodes);
  form.input.focus();
}
