// The enrolment window (AGENT_ENROL): the shopper proves their profile, chooses the card the agent
// may pay with and consents; the network issues the card credential (L1) and the agentic token,
// which the window hands its opener for the agent.
import { el } from '../dom.ts';
import { fitToContent, header, root, setLocale } from '../page.ts';
import type { WindowApi } from '../window-api.ts';
import { agenticWindow, cancelButton, cardLine, finish, oursNote, proveShopper, type AgenticWindow } from './shared.ts';

interface Card {
  srcDigitalCardId: string;
  panLastFour: string;
  paymentCardDescriptor: string;
  panExpirationMonth: string;
  panExpirationYear: string;
}

export async function enrolMode(api: WindowApi): Promise<void> {
  const w = agenticWindow(api, setLocale(String(api.view.locale)));
  fitToContent(api.view.merchantOrigin);
  const agent = String((api.view.agent as { name?: string } | undefined)?.name ?? '');
  document.title = `${w.t.title} · ${w.a.enrolTitle(agent)}`;
  await proveShopper(w, w.a.enrolTitle(agent));
  const listed = await api.call('GET', '/window/agent/cards');
  if (!listed.ok) return finish(w, { status: 'FAILED', reason: listed.data.reason }, w.t.failed, true);
  cardScreen(w, agent, (listed.data.cards ?? []) as Card[]);
}

function cardScreen(w: AgenticWindow, agent: string, cards: Card[]): void {
  const { a } = w;
  const choices = cards.map((card, index) => {
    const radio = el('input', { type: 'radio', name: 'card', value: card.srcDigitalCardId, checked: index === 0 });
    const expiry = w.t.expires(card.panExpirationMonth, card.panExpirationYear.slice(-2));
    return el(
      'label',
      {},
      radio,
      el(
        'span',
        {},
        cardLine({ brand: card.paymentCardDescriptor, panLastFour: card.panLastFour }),
        ' ',
        el('span', { className: 'muted', textContent: expiry }),
      ),
    );
  });
  const consent = el('input', { type: 'checkbox', id: 'consent' });
  const error = el('p', { className: 'error', role: 'alert', id: 'consent-error' });
  consent.setAttribute('aria-describedby', 'consent-error');
  const allow = el('button', { type: 'button', className: 'primary', textContent: a.allow });
  allow.onclick = async () => {
    if (!consent.checked) {
      error.textContent = a.consentNeeded;
      return consent.focus();
    }
    allow.disabled = true;
    const chosen = root.querySelector<HTMLInputElement>('input[name=card]:checked')?.value;
    const enrolled = await w.api.call('POST', '/window/agent/enrol', { srcDigitalCardId: chosen, consent: true });
    if (!enrolled.ok) {
      error.textContent = String(enrolled.data.message ?? w.t.failed);
      allow.disabled = false;
      return;
    }
    const { agenticTokenId, l1, maskedCard } = enrolled.data;
    finish(w, { status: 'ENROLLED', agenticTokenId, l1, maskedCard }, a.enrolled(agent));
  };
  root.replaceChildren(
    header(w.t),
    el('h1', { textContent: a.enrolTitle(agent) }),
    el('p', { textContent: a.enrolIntro }),
    el('fieldset', {}, el('legend', { textContent: a.chooseCard }), ...choices),
    el('label', {}, consent, a.enrolConsent(agent)),
    error,
    el('div', { className: 'actions' }, allow, cancelButton(w)),
    oursNote(a),
  );
  allow.focus();
}
