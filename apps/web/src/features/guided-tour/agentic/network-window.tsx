import { formatMoney } from '@c2p/domain';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { NetworkWindow } from './agent-story';

const KEY = 'TOUR.AGENT.WINDOW';

/** Each window's title and the answer its virtual passkey gives. */
const WORDS: Record<NetworkWindow['kind'], readonly [string, string]> = {
  ENROL: [`${KEY}.ENROL_TITLE`, `${KEY}.ENROL_YES`],
  APPROVE: [`${KEY}.APPROVE_TITLE`, `${KEY}.APPROVE_YES`],
  MANAGE: [`${KEY}.MANAGE_TITLE`, `${KEY}.REVOKE_YES`],
};

/** What the window shows of the shopper: their email and the card they link. */
export interface WindowShopper {
  readonly email: string;
  readonly brand: string;
  readonly lastFour: string;
}

/**
 * The network's window for the agent tour (simulated in the page, labelled so): linking a card to
 * the agent, approving a cart or an open mandate, revoking the agent. Its answer is the tour's
 * virtual passkey; the hint presses it as it presses the other tours' windows.
 */
export function AgentNetworkWindow({
  window: shown,
  agent,
  shopper,
  busy,
  onYes,
  onCancel,
}: {
  window: NetworkWindow;
  agent: string;
  shopper: WindowShopper;
  busy: boolean;
  onYes(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const title = useId();
  const yes = useRef<HTMLButtonElement>(null);
  // The answer takes the focus once the window takes answers (it opens while the agent's step ends).
  useEffect(() => {
    if (!busy) yes.current?.focus();
  }, [shown.kind, busy]);
  const [heading, answer] = WORDS[shown.kind];
  return (
    <div
      className="tour-dcf agent-window"
      role="dialog"
      aria-modal="true"
      aria-labelledby={title}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) onCancel();
      }}
    >
      <div className="tour-dcf__backdrop" />
      <div className="tour-dcf__sheet agent-window__sheet">
        <p className="agent-window__brand">{t(`${KEY}.TITLE`)}</p>
        <h2 id={title} className="agent-window__title">
          {t(heading, { agent })}
        </h2>
        <WindowBody window={shown} agent={agent} shopper={shopper} />
        <p className="agent-window__note">{t(`${KEY}.SANDBOX`)}</p>
        <div className="agent-window__actions">
          <button
            ref={yes}
            type="button"
            className="button button--primary"
            data-tour="agent-window-yes"
            disabled={busy}
            onClick={onYes}
          >
            {t(answer)}
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
            {t(`${KEY}.CANCEL`)}
          </button>
        </div>
      </div>
    </div>
  );
}

function WindowBody({
  window: shown,
  agent,
  shopper,
}: {
  window: NetworkWindow;
  agent: string;
  shopper: WindowShopper;
}) {
  const { t, i18n } = useTranslation();
  const card = t(`${KEY}.CARD_ENDING`, { brand: t(`CARD_BRANDS.${shopper.brand}`), lastFour: shopper.lastFour });
  if (shown.kind === 'ENROL') {
    return <p>{t(`${KEY}.ENROL_TEXT`, { agent, email: shopper.email, card })}</p>;
  }
  if (shown.kind === 'MANAGE') {
    return (
      <Facts>
        <Fact label={t('AGENTIC.ORDER.AGENT')}>
          <bdi>{agent}</bdi>
        </Fact>
        <Fact label={t(`${KEY}.CARD`)}>{card}</Fact>
        <Fact label={t(`${KEY}.STATUS`)}>{t(`${KEY}.STATUS_${shown.status}`)}</Fact>
      </Facts>
    );
  }
  const { cart, limits } = shown.mandate;
  const money = (amount: { amount: number; currency: string }) =>
    formatMoney(amount.amount, i18n.language, amount.currency);
  if (cart) {
    return (
      <Facts>
        <Fact label={t(`${KEY}.MERCHANT`)}>
          <bdi>{cart.merchant.name}</bdi> <span dir="ltr">({cart.merchant.website})</span>
        </Fact>
        <Fact label={t(`${KEY}.ITEMS`)}>
          <ul className="agent-window__lines">
            {cart.lines.map((line) => (
              <li key={line.title}>
                {t(`${KEY}.LINE`, {
                  quantity: line.quantity,
                  title: line.title,
                  price: money({ amount: line.unit_amount, currency: cart.total.currency }),
                })}
              </li>
            ))}
          </ul>
        </Fact>
        <Fact label={t('SHOP.SUMMARY.TOTAL')}>
          <strong>{money(cart.total)}</strong>
        </Fact>
        <Fact label={t(`${KEY}.CARD`)}>{card}</Fact>
      </Facts>
    );
  }
  const until = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', day: 'numeric', month: 'long' });
  return (
    <Facts>
      <Fact label={t(`${KEY}.LIMIT`)}>
        <strong>{t(`${KEY}.LIMIT_VALUE`, { amount: money(limits!.max) })}</strong>
      </Fact>
      <Fact label={t(`${KEY}.MERCHANT`)}>
        {limits!.merchants.map((merchant) => (
          <bdi key={merchant.website}>{merchant.name}</bdi>
        ))}
      </Fact>
      <Fact label={t(`${KEY}.ITEMS`)}>{t(`${KEY}.ITEMS_ANY`, { count: limits!.quantity })}</Fact>
      <Fact label={t(`${KEY}.UNTIL`)}>{until.format(new Date(limits!.expiresAt))}</Fact>
      <Fact label={t(`${KEY}.CARD`)}>{card}</Fact>
    </Facts>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="agent-window__facts">{children}</dl>;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
