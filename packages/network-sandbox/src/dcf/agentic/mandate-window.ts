// The approval window (MANDATE): what the agent asks for, exactly (the items, the total and the
// merchant) or its limits (per purchase, in all, where, what, until when); approved with the
// shopper's payment passkey only, or declined.
import { el } from '../dom.ts';
import { bcp47, resolveDcfLocale } from '../i18n.ts';
import { fitToContent, header, root, setLocale } from '../page.ts';
import { unavailableStep } from '../passkey-steps.ts';
import { noPasskeyHere, passkeyAnswer } from '../passkey.ts';
import type { WindowApi } from '../window-api.ts';
import { agenticWindow, cardLine, finish, minorMoney, oursNote, type AgenticWindow } from './shared.ts';

type Amount = { currency: string; amount: number };
type Party = { name: string; website: string };

interface MandateView {
  mode: 'IMMEDIATE' | 'AUTONOMOUS';
  agent: { name: string };
  card: { brand: string; panLastFour: string };
  checkout?: {
    merchant: Party;
    lines: { id: string; title: string; quantity: number; unitAmount: number }[];
    total: Amount;
  };
  constraints?: ({ type: string } & Record<string, unknown>)[];
  expiresAt?: string;
  promptSummary?: string;
}

/** A term of the mandate, as the facts list shows it. */
const fact = (term: string, ...value: (Node | string)[]) => [el('dt', { textContent: term }), el('dd', {}, ...value)];

function cartFacts(w: AgenticWindow, view: MandateView): HTMLElement[] {
  const { merchant, lines, total } = view.checkout!;
  const items = el(
    'ul',
    { className: 'lines' },
    ...lines.map((line) =>
      el(
        'li',
        {},
        `${w.a.line(line.quantity, line.title)} · `,
        minorMoney({ currency: total.currency, amount: line.quantity * line.unitAmount }, w.locale),
      ),
    ),
  );
  return [
    ...fact(w.t.merchant, merchant.name),
    ...fact(w.a.items, items),
    ...fact(w.a.total, minorMoney(total, w.locale)),
  ];
}

function limitFacts(w: AgenticWindow, view: MandateView): HTMLElement[] {
  const find = (type: string) => view.constraints?.find((c) => c.type === `mandate.${type}`);
  const range = find('payment.amount_range') as (Amount & { max: number }) | undefined;
  const budget = find('payment.budget') as (Amount & { max: number }) | undefined;
  const merchants = (find('checkout.allowed_merchants')?.allowed ?? []) as Party[];
  const requirements = (find('checkout.line_items')?.items ?? []) as { acceptable_items: { title: string }[] }[];
  const titles = requirements.flatMap((r) => r.acceptable_items.map((i) => i.title));
  const until = view.expiresAt
    ? new Intl.DateTimeFormat(bcp47(resolveDcfLocale(w.locale)), { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(view.expiresAt),
      )
    : '';
  const limit = (c: Amount & { max: number }) => minorMoney({ currency: c.currency, amount: c.max }, w.locale);
  return [
    ...(range ? fact(w.a.perPurchase, limit(range)) : []),
    ...(budget ? fact(w.a.inAll, limit(budget)) : []),
    ...fact(w.a.where, merchants.map((m) => m.name).join(', ')),
    ...fact(w.a.what, titles.length > 0 ? titles.join(', ') : w.a.anyItem),
    ...fact(w.a.until, until),
    ...(view.promptSummary ? fact(w.a.inTheirWords, view.promptSummary) : []),
  ];
}

export function mandateMode(api: WindowApi): void {
  const w = agenticWindow(api, setLocale(String(api.view.locale)));
  fitToContent(api.view.merchantOrigin);
  const view = api.view.mandate as unknown as MandateView;
  const immediate = view.mode === 'IMMEDIATE';
  const title = immediate ? w.a.mandateTitle : w.a.openMandateTitle;
  document.title = `${w.t.title} · ${title}`;
  const facts = el(
    'dl',
    { className: 'facts' },
    ...(immediate ? cartFacts(w, view) : limitFacts(w, view)),
    ...fact(w.a.paysWith, cardLine(view.card)),
  );
  const error = el('p', { className: 'error', role: 'alert' });
  const decline = el('button', { type: 'button', textContent: w.a.decline });
  decline.onclick = async () => {
    const declined = await api.call('POST', '/window/mandate/decline', {});
    finish(w, declined.ok ? { status: 'DECLINED' } : { status: 'FAILED', reason: declined.data.reason }, w.a.declined);
  };
  const passkey = api.view.passkey as { available?: boolean; reason?: string } | undefined;
  const unavailable = noPasskeyHere('MANDATE', passkey?.available, passkey?.reason);
  const actions = el('div', { className: 'actions' });
  if (!unavailable) {
    const approve = el('button', { type: 'button', className: 'primary', textContent: w.a.approve });
    approve.onclick = async () => {
      approve.disabled = true;
      const answer = await passkeyAnswer(api, 'MANDATE', '/window/mandate/options', '/window/mandate/approve');
      if (answer?.ok) {
        return finish(w, { status: 'APPROVED', l2: answer.data.l2 }, immediate ? w.a.approved : w.a.approvedOpen);
      }
      error.textContent = w.a.approveFailed;
      approve.disabled = false;
    };
    actions.append(approve);
  } else {
    unavailableStep(api, 'MANDATE', unavailable);
    error.textContent = w.a.passkeyNeeded;
  }
  actions.append(decline);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') finish(w, { status: 'CANCEL', reason: 'CANCEL' }, w.t.done);
  });
  root.replaceChildren(
    header(w.t),
    el('h1', { textContent: title }),
    el('p', { textContent: immediate ? w.a.asksToPay(view.agent.name) : w.a.asksToBuy(view.agent.name) }),
    el('section', { className: 'card', ariaLabel: title }, facts),
    error,
    actions,
    oursNote(w.a),
  );
  actions.querySelector<HTMLButtonElement>('button')?.focus();
}
