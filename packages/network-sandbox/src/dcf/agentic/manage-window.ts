// The manage window (AGENT_MANAGE): the shopper's agents, each with its card and status, and Revoke.
// The browser's own proof of the shopper serves; else they prove it here. Each revocation is a step
// the page learns (for manageAgents' answer and its API log).
import { el } from '../dom.ts';
import { fitToContent, header, root, setLocale } from '../page.ts';
import type { WindowApi } from '../window-api.ts';
import { agenticWindow, cardLine, finish, oursNote, proveShopper, type AgenticWindow } from './shared.ts';

interface Token {
  agenticTokenId: string;
  agent: { name: string };
  card: { brand: string; panLastFour: string };
  status: 'ACTIVE' | 'REVOKED';
}

export async function manageMode(api: WindowApi): Promise<void> {
  const w = agenticWindow(api, setLocale(String(api.view.locale)));
  fitToContent(api.view.merchantOrigin);
  document.title = `${w.t.title} · ${w.a.manageTitle}`;
  if (api.view.proved !== true) await proveShopper(w, w.a.manageTitle);
  const listed = await api.call('GET', '/window/agent/tokens');
  if (!listed.ok) return finish(w, { status: 'FAILED', reason: listed.data.reason }, w.t.failed, true);
  tokenList(w, (listed.data.tokens ?? []) as Token[]);
}

function tokenList(w: AgenticWindow, tokens: Token[]): void {
  const revoked: string[] = [];
  const done = () => finish(w, { status: 'DONE', revoked }, w.t.done);
  const rows = tokens.map((token) => {
    const status = el('span', {
      className: 'muted',
      textContent: token.status === 'ACTIVE' ? w.a.active : w.a.revoked,
    });
    const row = el(
      'li',
      {},
      el('strong', { textContent: token.agent.name }),
      ' · ',
      cardLine(token.card),
      ' · ',
      status,
    );
    if (token.status === 'ACTIVE') {
      const revoke = el('button', { type: 'button', textContent: w.a.revoke(token.agent.name) });
      revoke.onclick = async () => {
        revoke.disabled = true;
        const answer = await w.api.call(
          'POST',
          `/sandbox/agent-pay/tokens/${encodeURIComponent(token.agenticTokenId)}/revoke`,
        );
        if (!answer.ok) {
          revoke.disabled = false;
          return;
        }
        revoked.push(token.agenticTokenId);
        w.api.step({ step: 'AGENT_REVOKED', agenticTokenId: token.agenticTokenId });
        status.textContent = w.a.revoked;
        revoke.remove();
      };
      row.append(' ', revoke);
    }
    return row;
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') done();
  });
  root.replaceChildren(
    header(w.t),
    el('h1', { textContent: w.a.manageTitle }),
    rows.length > 0 ? el('ul', { className: 'tokens' }, ...rows) : el('p', { textContent: w.a.noAgents }),
    el(
      'div',
      { className: 'actions' },
      el('button', { type: 'button', className: 'primary', textContent: w.a.done, onclick: done }),
    ),
    oursNote(w.a),
  );
  root.querySelector<HTMLButtonElement>('button')?.focus();
}
