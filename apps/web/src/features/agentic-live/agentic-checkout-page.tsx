import './agentic-live.css';
import { formatMoney, toCents, type Order } from '@c2p/domain';
import { useId, useLayoutEffect, useState } from 'react';
import { Link } from 'react-router';
import { Page } from '../../components/layout/page';
import { activateTool } from '../../lib/active-tool';
import { useCheckout } from '../../lib/checkout-store';
import { checkoutConfiguration } from '../../lib/click-to-pay/settings';
import { useTranslation, type TFunction } from '../../lib/i18n';
import { TEST_OTP } from '../../lib/test-shopper';
import { AgentPanel, type AgentPanelStep } from '../agentic';
import { AgentOrderDetails, DcfFrame } from '../checkout';
import { ATTEMPTS, OPEN_LIMIT, type Attempt, type LiveStory, type StoryKind } from './live-story';
import { PasskeyHelp } from './passkey-help';
import { comingFriday, storyProducts } from './story-products';
import { useLiveStory, liveContactEmail } from './use-live-story';

const KEY = 'AGENTIC_LIVE.TOOL';

/** The tries that need a word on how they are made (a stand-in merchant; the first purchase's payment). */
const NOTED = new Set<Attempt>(['OTHER_MERCHANT', 'ITEM_NOT_ALLOWED']);

/**
 * /agentic-checkout (issue 39): the live tool's agentic checkout, the scripted agent against the
 * real network sandbox and the real shop, the network's windows opened through its SDK with the
 * configuration's merchant, each call in the API log with its lane.
 */
export default function AgenticCheckoutPage() {
  const { t, i18n } = useTranslation();
  // Part of the live tool: a visitor from a guided tour leaves its mock network here.
  useLayoutEffect(() => activateTool('live-tool'), []);
  const [kind, setKind] = useState<StoryKind>('IMMEDIATE');
  const live = useLiveStory(kind);
  const { story, failed, dcf } = live;
  const { dpaName } = checkoutConfiguration().dpaData;
  return (
    <Page title={t(`${KEY}.TITLE`)} className="agentic-live">
      <p className="agentic-live__lead">{t(`${KEY}.INTRO`, { merchant: dpaName })}</p>
      <p className="agentic-live__sandbox" role="note">
        {t(`${KEY}.SANDBOX_OWN`)}
      </p>
      <PasskeyHelp inWindow={live.inWindow} ready={story !== undefined} email={liveContactEmail()} code={TEST_OTP} />
      <StoryChoice kind={kind} onChoose={setKind} />
      {failed !== undefined && (
        <p role="alert" className="field__error">
          {t(`${KEY}.SDK_FAILED`, { detail: failed })}
        </p>
      )}
      {story ? (
        <div className="agentic-live__grid" key={`${kind}`}>
          <StorySide story={story} kind={kind} live={live} />
          <AgentPanel key={kind} run={story.run} steps={storySteps(story, kind, live.products, t, i18n.language)} />
        </div>
      ) : (
        failed === undefined && <p className="agentic-note">{t(`${KEY}.PREPARING`)}</p>
      )}
      {dcf.isOpen && <DcfFrame ref={dcf.frameRef} presentation="modal" />}
    </Page>
  );
}

/** The two stories; choosing one starts it afresh with a new agent. */
function StoryChoice({ kind, onChoose }: { kind: StoryKind; onChoose(kind: StoryKind): void }) {
  const { t } = useTranslation();
  const label = useId();
  return (
    <div className="agentic-live__choice" role="group" aria-labelledby={label}>
      <p id={label}>{t(`${KEY}.CHOOSE`)}</p>
      {(['IMMEDIATE', 'AUTONOMOUS'] as const).map((story) => (
        <button
          key={story}
          type="button"
          className="button button--ghost"
          aria-pressed={kind === story}
          onClick={() => onChoose(story)}
        >
          {t(`${KEY}.STORY_${story}`)}
        </button>
      ))}
    </div>
  );
}

/** The agent panel's steps of the story chosen: one press each, a window where the shopper answers. */
function storySteps(
  story: LiveStory,
  kind: StoryKind,
  products: Parameters<typeof storyProducts>[0],
  t: TFunction,
  language: string,
): AgentPanelStep[] {
  const chosen = storyProducts(products);
  const step = (id: string, run: () => Promise<unknown>): AgentPanelStep => ({
    id,
    label: t(`${KEY}.STEP.${id}`),
    run,
  });
  const link = step('LINK', () => story.linkAgent());
  const approve = step('APPROVE', () => story.approve());
  if (kind === 'IMMEDIATE') {
    return [
      link,
      step('BUY', () => story.buyCart(chosen.cart.map((p) => ({ productId: p.id, quantity: 1 })))),
      approve,
      step('CREDENTIALS', () => story.presentCredentials()),
      step('COMPLETE', () => story.completePurchase()),
    ];
  }
  return [
    link,
    step('OPEN', () =>
      story.askForOpenMandate([{ productId: chosen.within!.id, quantity: 1 }], {
        acceptable: chosen.allowed.map((p) => ({ id: String(p.id), title: p.name })),
        expiresAt: comingFriday().toISOString(),
        // The shopper's words as the agent heard them (the window shows them as given).
        promptSummary: t(`${KEY}.PROMPT`, { amount: formatMoney(OPEN_LIMIT.amount, language) }),
      }),
    ),
    approve,
    step('WITHIN', () => story.buyWithin()),
  ];
}

/** The shopper's side: what the story did so far, the order, and (autonomous) the tries to refuse. */
function StorySide({
  story,
  kind,
  live,
}: {
  story: LiveStory;
  kind: StoryKind;
  live: ReturnType<typeof useLiveStory>;
}) {
  const { t, i18n } = useTranslation();
  const { state } = live;
  const limits = {
    amount: formatMoney(OPEN_LIMIT.amount, i18n.language),
    date: new Intl.DateTimeFormat(i18n.language, { weekday: 'long' }).format(comingFriday()),
  };
  const heading = useId();
  return (
    <section className="agentic-live__story" aria-labelledby={heading}>
      <h2 id={heading}>{t(`${KEY}.STORY_${kind}`)}</h2>
      <p>{t(`${KEY}.TEXT_${kind}`, { agent: story.run.agent.state.name, ...limits })}</p>
      <ul className="agentic-live__progress" data-testid="live-progress">
        {(
          [
            ['ENROLLED', state.enrolled],
            ['APPROVED', state.approved],
            ['RELEASED', state.released],
          ] as const
        ).map(([name, done]) => (
          <li key={name} data-done={done}>
            {t(`${KEY}.PROGRESS.${name}`)}: {t(done ? `${KEY}.DONE` : `${KEY}.NOT_YET`)}
          </li>
        ))}
      </ul>
      {state.declined && <p role="status">{t(`${KEY}.DECLINED`)}</p>}
      {state.orders.map((order) => (
        <PlacedOrder key={order.orderNumber} order={order} />
      ))}
      {kind === 'AUTONOMOUS' && state.orders.length > 0 && <Tries story={story} live={live} />}
    </section>
  );
}

/** The order the shop placed for the agent, marked with its evidence, and a link to it. */
function PlacedOrder({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(toCents(amount), i18n.language, order.currency);
  const show = () => useCheckout.setState({ order, paid: undefined, justPlaced: false });
  return (
    <div className="agentic-live__order" data-testid="live-order">
      <h3>
        {t(`${KEY}.ORDER_TITLE`)}{' '}
        <bdi dir="ltr" data-testid="live-order-number">
          {order.orderNumber}
        </bdi>
      </h3>
      <p>{t(`${KEY}.ORDER_TOTAL`, { total: money(order.total) })}</p>
      <ul>
        {order.items.map((item) => (
          <li key={item.id}>
            {t(`${KEY}.ORDER_LINE`, { count: item.count, name: item.name, price: money(item.price) })}
          </li>
        ))}
      </ul>
      {order.agent && <AgentOrderDetails agent={order.agent} />}
      <Link to="/checkout/thank-you" onClick={show}>
        {t(`${KEY}.SEE_ORDER`)}
      </Link>
    </div>
  );
}

/** The tries the network or the shop must refuse, one press each, each with the refusal it met. */
function Tries({ story, live }: { story: LiveStory; live: ReturnType<typeof useLiveStory> }) {
  const { t } = useTranslation();
  const { state } = live;
  const chosen = storyProducts(live.products);
  const [busy, setBusy] = useState(false);
  const act = (work: () => Promise<void>) => {
    setBusy(true);
    void work()
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  const heading = useId();
  const offered = ATTEMPTS.filter((attempt) => (attempt === 'AFTER_REVOKE') === state.revoked);
  return (
    <section aria-labelledby={heading} className="agentic-live__tries" aria-busy={busy}>
      <h3 id={heading}>{t(`${KEY}.TRIES_TITLE`)}</h3>
      <p>{t(`${KEY}.TRIES_TEXT`)}</p>
      <ul>
        {offered.map((attempt) => (
          <li key={attempt}>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => act(() => story.tryAttempt(attempt, chosen.tries[attempt]))}
            >
              {t(`${KEY}.TRY.${attempt}`)}
            </button>
            {NOTED.has(attempt) && <p className="agentic-note">{t(`${KEY}.TRY_NOTE.${attempt}`)}</p>}
            <TryOutcomeText attempt={attempt} state={state} />
          </li>
        ))}
      </ul>
      {state.revoked ? (
        <p role="status">{t(`${KEY}.REVOKED`, { agent: story.run.agent.state.name })}</p>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => act(() => story.manage())}
        >
          {t(`${KEY}.MANAGE`)}
        </button>
      )}
    </section>
  );
}

function TryOutcomeText({ attempt, state }: { attempt: Attempt; state: ReturnType<typeof useLiveStory>['state'] }) {
  const { t } = useTranslation();
  const outcome = state.tries.find((tried) => tried.attempt === attempt);
  if (!outcome) return null;
  if (outcome.refusals.length === 0) return <p role="status">{t(`${KEY}.NOT_REFUSED`)}</p>;
  return (
    <div role="status" data-testid={`try-${attempt}`}>
      {outcome.refusals.map((refusal, index) => (
        <p key={index} className="agentic-live__refused">
          {t(refusal.lane === 'network' ? `${KEY}.REFUSED_BY_NETWORK` : `${KEY}.REFUSED_BY_SHOP`, {
            message: t(`AGENTIC.ERRORS.${refusal.reason}`, { defaultValue: refusal.reason }),
          })}{' '}
          <code dir="ltr">{refusal.reason}</code>
        </p>
      ))}
    </div>
  );
}
