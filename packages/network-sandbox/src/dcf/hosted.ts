// The hosted installments window (issue 14): opened by the hosted checkout script's
// checkoutWithInstallments without a card, it recognises or validates the consumer, shows their
// cards and the plans, and makes the installments checkout itself; it answers the merchant's page
// (the SDK session's origin, as the server says) with the checkout id, or CANCEL.
import { actions, codeForm, el } from './dom.ts';
import { HOSTED_STRINGS } from './hosted-i18n.ts';
import { bcp47, DCF_STRINGS, resolveDcfLocale } from './i18n.ts';
import { header as pageHeader, root, setLocale } from './page.ts';
import type { WindowApi } from './window-api.ts';

type Json = Record<string, unknown>;

interface Plan {
  planId: string;
  numberOfInstallments: number;
  installmentAmount: string;
  lastInstallmentAmount?: string;
  totalAmount: string;
  apr: string;
  currency: string;
}
interface Card {
  srcDigitalCardId: string;
  panLastFour: string;
  paymentCardDescriptor?: string;
  digitalCardData?: { descriptorName?: string };
}

/** What every screen of the window shares. */
interface Hosted {
  root: HTMLElement;
  locale: ReturnType<typeof resolveDcfLocale>;
  t: (typeof DCF_STRINGS)[keyof typeof DCF_STRINGS];
  h: (typeof HOSTED_STRINGS)[keyof typeof HOSTED_STRINGS];
  /** The merchant's options of the checkout (the hosted script's `dpaTransactionOptions`). */
  options: Json;
  api: WindowApi['call'];
  header: () => HTMLElement;
  failed: () => void;
  post: (message: Json) => void;
  cancelButton: () => HTMLButtonElement;
  title: HTMLElement;
}

export async function hostedMode(window: WindowApi): Promise<void> {
  const t = setLocale(String(window.view.locale));
  const locale = resolveDcfLocale(String(window.view.locale));
  const h = HOSTED_STRINGS[locale];
  const options = asObject(window.view.options);
  const api = window.call;
  const header = () => pageHeader(t);
  const failed = () => root.replaceChildren(header(), el('p', { className: 'error', textContent: t.failed }));
  const merchant = String(asObject(window.view.merchant).name ?? '');
  const post = window.post;
  const cancelButton = () =>
    el('button', {
      type: 'button',
      textContent: t.cancel,
      onclick: () => {
        post({ checkoutActionCode: 'CANCEL' });
        root.replaceChildren(header(), el('p', { textContent: t.done }));
      },
    });
  const title = el('h1', { textContent: h.heading(merchant) });
  const view: Hosted = { root, locale, t, h, options, api, header, failed, post, cancelButton, title };

  const known = await api('GET', '/cards');
  const cards = known.ok ? ((known.data.cards ?? []) as Card[]) : [];
  if (cards.length > 0) await choose(view, cards);
  else emailScreen(view);
}

const money = (locale: Hosted['locale'], amount: string, currency: string) => {
  try {
    return new Intl.NumberFormat(bcp47(locale), { style: 'currency', currency }).format(Number(amount));
  } catch {
    return `${amount} ${currency}`;
  }
};

/** Radio buttons named `name`, the first checked: each option's value and what its label shows after the button. */
function radioFieldset(
  legend: string,
  name: string,
  options: { value: string; label: (Node | string)[] }[],
): HTMLFieldSetElement {
  const fieldset = el('fieldset', {}, el('legend', { textContent: legend }));
  options.forEach(({ value, label }, index) => {
    const input = el('input', { type: 'radio', name, value, id: `${name}-${index}`, checked: index === 0 });
    fieldset.append(el('label', { htmlFor: `${name}-${index}` }, input, ...label));
  });
  return fieldset;
}

function cardFieldset({ h }: Hosted, cards: Card[]): HTMLFieldSetElement {
  return radioFieldset(
    h.chooseCard,
    'card',
    cards.map((card) => ({
      value: card.srcDigitalCardId,
      label: [
        `${card.digitalCardData?.descriptorName ?? card.paymentCardDescriptor ?? ''} `,
        '•••• ',
        el('span', { className: 'ltr', textContent: card.panLastFour }),
      ],
    })),
  );
}

function planFieldset({ h, locale }: Hosted, plans: Plan[]): HTMLFieldSetElement {
  return radioFieldset(
    h.choosePlan,
    'plan',
    plans.map((plan) => {
      const details = [h.planDetails(money(locale, plan.totalAmount, plan.currency), plan.apr)];
      if (plan.lastInstallmentAmount) {
        details.push(h.lastPayment(money(locale, plan.lastInstallmentAmount, plan.currency)));
      }
      return {
        value: plan.planId,
        label: [
          el(
            'span',
            {},
            el('strong', {
              textContent: h.plan(plan.numberOfInstallments, money(locale, plan.installmentAmount, plan.currency)),
            }),
            el('br'),
            el('span', { className: 'muted', textContent: details.join(' · ') }),
          ),
        ],
      };
    }),
  );
}

/** Opens the installments checkout with the chosen card and plan, completes it and answers the merchant. */
async function proceed({ root, t, api, options, post, header }: Hosted, error: HTMLElement): Promise<void> {
  for (const button of root.querySelectorAll('button')) button.disabled = true;
  const srcDigitalCardId = root.querySelector<HTMLInputElement>('input[name=card]:checked')?.value;
  const planId = root.querySelector<HTMLInputElement>('input[name=plan]:checked')?.value;
  const opened = await api('POST', '/checkouts', {
    kind: 'INSTALLMENTS',
    srcDigitalCardId,
    installmentPlan: { planId },
    dpaTransactionOptions: options,
  });
  const checkoutId = opened.ok ? String(opened.data.checkoutId ?? '') : '';
  // The shopper's Continue, in this window: the action only this window's token may send.
  const done = checkoutId ? await api('POST', '/window/action', { action: 'COMPLETE' }) : undefined;
  if (!done?.ok) {
    error.textContent = String((done ?? opened).data.message ?? t.failed);
    for (const button of root.querySelectorAll('button')) button.disabled = false;
    return;
  }
  post({ checkoutId, checkoutActionCode: 'COMPLETE' });
  root.replaceChildren(header(), el('p', { textContent: t.done }));
}

/** The cards and plans to choose from, or why there are none. */
async function choose(view: Hosted, cards: Card[]): Promise<void> {
  const { root, t, h, api, options, header, failed, title, cancelButton } = view;
  const offer = await api('POST', '/installments/eligibility', options);
  if (!offer.ok) return failed();
  const plans = (offer.data.plans ?? []) as Plan[];
  if (offer.data.eligible !== true || plans.length === 0) {
    root.replaceChildren(header(), title, el('p', { textContent: h.notEligible }), cancelButton());
    return;
  }
  const error = el('p', { className: 'error', role: 'alert' });
  root.replaceChildren(
    header(),
    title,
    cardFieldset(view, cards),
    planFieldset(view, plans),
    error,
    actions(t.continue, () => void proceed(view, error), cancelButton()),
  );
}

async function codeScreen(view: Hosted): Promise<void> {
  const { root, t, api, header, failed, cancelButton } = view;
  const sent = await api('POST', '/validation/initiate', {});
  if (!sent.ok) return failed();
  const form = codeForm(
    t,
    t.otpSent(String(sent.data.maskedValidationChannel ?? '')),
    (code) => api('POST', '/validation/complete', { value: code }),
    (data) => choose(view, (data.cards ?? []) as Card[]),
    cancelButton(),
  );
  root.replaceChildren(header(), ...form.nodes);
}

function emailScreen(view: Hosted): void {
  const { root, t, h, api, header, title, cancelButton } = view;
  const input = el('input', { type: 'email', id: 'email', autocomplete: 'email', dir: 'ltr' });
  const error = el('p', { className: 'error', role: 'alert' });
  const next = async () => {
    const found = await api('POST', '/lookup', { email: input.value.trim() });
    if (!found.ok) error.textContent = String(found.data.message ?? t.failed);
    else if (found.data.consumerPresent !== true) error.textContent = h.unknownEmail;
    else await codeScreen(view);
  };
  root.replaceChildren(
    header(),
    title,
    el('p', { textContent: h.emailIntro }),
    el('label', { htmlFor: 'email', textContent: h.email }),
    input,
    error,
    actions(h.next, () => void next(), cancelButton()),
  );
}

function asObject(value: unknown): Json {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}
