import './agent-tour.css';
import { formatMoney, toCents, type Product } from '@c2p/domain';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { saveTourStatus, tourStatus } from '../../../lib/tour-status';
import { AgentPanel } from '../../agentic';
import { AgentOrderDetails } from '../../checkout';
import { TourPage } from '../routes';
import { TourDone, TourStepSection } from '../tour-flow';
import {
  comingFriday,
  OPEN_LIMIT,
  TOUR_AGENT_NAME,
  type AgentStory,
  type Attempt,
  type StoryState,
} from './agent-story';
import { AgentNetworkWindow } from './network-window';
import type { TourOrder } from './shop-stand-in';
import { tourAgentShopper, useAgentStory } from './use-agent-story';

const KEY = 'TOUR.AGENT';

type Run = (step: (story: AgentStory) => unknown) => void;

/** What each experience's steps need from the page: the story so far, a way to run a step, whether one runs. */
interface StepsProps {
  state: StoryState;
  run: Run;
  busy: boolean;
  ready: boolean;
  products: readonly Product[];
}

/**
 * The agent tour's steps page (issue 39): the shopper's side on the page, the network's window
 * over it, and the scripted agent's calls beside it. Arriving starts the story afresh: the agent
 * and its keys live in the page's memory only.
 */
export function AgentTour({ experience }: { experience: 1 | 2 }) {
  const { t } = useTranslation();
  useArrival(experience);
  const { story, state, products, busy, run } = useAgentStory();
  const shopper = tourAgentShopper();
  const finished =
    experience === 1 ? state.orders.length > 0 : state.refusals.some((r) => r.attempt === 'AFTER_REVOKE');
  const props = { state, run, busy, ready: story !== undefined, products };
  const storyRef = useNewestInView(state);
  return (
    <TourPage
      tool="mock-tool"
      title={t(experience === 1 ? `${KEY}.TITLE_IMMEDIATE` : `${KEY}.TITLE_AUTONOMOUS`)}
      intro={t(experience === 1 ? `${KEY}.INTRO_IMMEDIATE` : `${KEY}.INTRO_AUTONOMOUS`)}
      framed
      thankYou={finished}
    >
      <p className="agent-tour__sandbox">{t(`${KEY}.SIMULATED`)}</p>
      <div className="agent-tour">
        <div ref={storyRef} className="tour-flow agent-tour__story" aria-busy={busy}>
          {experience === 1 ? <ImmediateSteps {...props} /> : <AutonomousSteps {...props} />}
        </div>
        {story ? (
          <AgentPanel run={story.run} title={t(`${KEY}.PANEL_TITLE`)} />
        ) : (
          <p className="agentic-note">{t(`${KEY}.PREPARING`)}</p>
        )}
      </div>
      {state.window && (
        <AgentNetworkWindow
          window={state.window}
          agent={TOUR_AGENT_NAME}
          shopper={shopper}
          busy={busy}
          onYes={() =>
            run((s) =>
              ({ ENROL: () => s.consent(), APPROVE: () => s.approve(), MANAGE: () => s.revoke() })[
                state.window!.kind
              ](),
            )
          }
          onCancel={() => run((s) => closeWindow(s))}
        />
      )}
    </TourPage>
  );
}

/**
 * Brings what a step added into view when it starts low in the window (the order, a refusal, the
 * next step's button), so the presenter follows the story without scrolling.
 */
function useNewestInView(state: StoryState) {
  const ref = useRef<HTMLDivElement>(null);
  const progress = state.steps + state.refusals.length + Number(state.revoked) + Number(state.approved);
  useEffect(() => {
    const newest = ref.current?.lastElementChild;
    if (newest && newest.getBoundingClientRect().top > window.innerHeight * 0.6)
      newest.scrollIntoView({ block: 'start' });
  }, [progress]);
  return ref;
}

/**
 * The shopper closes the network's window unanswered: the page offers the step that opened it again,
 * and the hint goes back to it (each window's step follows the step that opens it).
 */
function closeWindow(story: AgentStory) {
  story.closeWindow();
  saveTourStatus({ tourStepNo: Math.max(1, tourStatus().tourStepNo - 1) });
}

/** The tour starts (again) at its first step on this page, whatever step a reload left it at. */
function useArrival(experience: 1 | 2) {
  useEffect(() => {
    const same = tourStatus().tour === 'agent' && tourStatus().activatedUseCase === experience;
    saveTourStatus({
      tour: 'agent',
      activatedUseCase: experience,
      tourStepNo: 1,
      ...(same ? {} : { dismissed: false, rememberMe: false, nextHintPos: null }),
    });
  }, [experience]);
}

/** A step's button, marked for the hint; pressed while another step runs, it waits. */
function StepButton({
  tour,
  disabled,
  onClick,
  children,
}: {
  tour: string;
  disabled: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button type="button" className="button button--primary" data-tour={tour} disabled={disabled} onClick={onClick}>
      {children}
    </button>
  );
}

/** Step 1 of both: the agent registers, the shopper links a card to it in the network's window. */
function LinkStep({ state, run, busy, ready }: StepsProps) {
  const { t } = useTranslation();
  const agent = TOUR_AGENT_NAME;
  const { lastFour } = tourAgentShopper();
  return (
    <TourStepSection id="agent-link-title" title={t(`${KEY}.LINK_TITLE`)}>
      <p>{t(`${KEY}.LINK_TEXT`, { agent })}</p>
      {state.enrolled ? (
        <TourDone>{t(`${KEY}.LINKED`, { agent, lastFour })}</TourDone>
      ) : state.window?.kind === 'ENROL' ? (
        <p role="status">{t(`${KEY}.WAITING`)}</p>
      ) : (
        <StepButton tour="agent-link" disabled={!ready || busy} onClick={() => run((s) => s.linkAgent())}>
          {t(`${KEY}.LINK`)}
        </StepButton>
      )}
    </TourStepSection>
  );
}

/** A mandate step: done once approved, waiting while the window shows it, else the button that asks. */
/** What a story's mandate step says, and what it has the agent ask for. */
interface Mandate {
  id: string;
  title: string;
  text: string;
  tour: string;
  label: string;
  done: string;
  ask(story: AgentStory): unknown;
}

/** A story's first steps: linking the agent, then (once linked) its mandate. */
function LinkThenMandate({ mandate, ...props }: StepsProps & { mandate: Mandate }) {
  return (
    <>
      <LinkStep {...props} />
      {props.state.enrolled && <MandateStep {...props} {...mandate} />}
    </>
  );
}

function MandateStep(props: StepsProps & Mandate) {
  const { t } = useTranslation();
  const { state, run, busy } = props;
  return (
    <TourStepSection id={props.id} title={props.title}>
      <p>{props.text}</p>
      {state.approved ? (
        <TourDone>{props.done}</TourDone>
      ) : state.window?.kind === 'APPROVE' ? (
        <p role="status">{t(`${KEY}.WAITING`)}</p>
      ) : (
        <StepButton tour={props.tour} disabled={busy} onClick={() => run(props.ask)}>
          {props.label}
        </StepButton>
      )}
    </TourStepSection>
  );
}

const itemNames = (products: readonly Product[]) => products.map((p) => p.name).join(', ');

function ImmediateSteps(props: StepsProps) {
  const { t, i18n } = useTranslation();
  const { state, run, busy, products } = props;
  const cart = products.slice(0, 2);
  const total = formatMoney(
    cart.reduce((sum, p) => sum + toCents(p.price), 0),
    i18n.language,
  );
  const [order] = state.orders;
  const mandate: Mandate = {
    id: 'agent-buy-title',
    title: t(`${KEY}.BUY_TITLE`),
    text: t(`${KEY}.BUY_TEXT`, { items: itemNames(cart) }),
    tour: 'agent-buy',
    label: t(`${KEY}.BUY`),
    done: t(`${KEY}.APPROVED`, { total }),
    ask: (s) => s.buyCart(cart.map((p) => ({ productId: p.id, quantity: 1 }))),
  };
  return (
    <>
      <LinkThenMandate {...props} mandate={mandate} />
      {state.approved && (
        <TourStepSection id="agent-pay-title" title={t(`${KEY}.PAY_TITLE`)}>
          {state.released ? (
            <TourDone>{t(`${KEY}.RELEASED`)}</TourDone>
          ) : (
            <StepButton tour="agent-credentials" disabled={busy} onClick={() => run((s) => s.presentCredentials())}>
              {t(`${KEY}.CREDENTIALS`)}
            </StepButton>
          )}
          {state.released && !order && (
            <StepButton tour="agent-complete" disabled={busy} onClick={() => run((s) => s.completePurchase())}>
              {t(`${KEY}.COMPLETE`)}
            </StepButton>
          )}
        </TourStepSection>
      )}
      {order && <OrderPlaced order={order} />}
    </>
  );
}

/** The purchases of the autonomous story: the first product within the limit, the first over it. */
function autonomousChoices(products: readonly Product[]) {
  const within = products.find((p) => toCents(p.price) <= OPEN_LIMIT.amount);
  const outside = products.find((p) => toCents(p.price) > OPEN_LIMIT.amount);
  return { within, outside };
}

function AutonomousSteps(props: StepsProps) {
  const { t, i18n } = useTranslation();
  const { state, run, busy, products } = props;
  const { within, outside } = autonomousChoices(products);
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const buy = (product: Product | undefined) => ({
    item: product?.name ?? '',
    price: money(toCents(product?.price ?? 0)),
  });
  const limits = {
    amount: money(OPEN_LIMIT.amount),
    date: new Intl.DateTimeFormat(i18n.language, { weekday: 'long' }).format(comingFriday()),
  };
  const refusal = (attempt: Attempt) => state.refusals.find((r) => r.attempt === attempt);
  const attempt = (tour: string, which: Attempt, product: Product | undefined, label: string) =>
    refusal(which) ? (
      <>
        <p>{t(`${KEY}.TRIED`, buy(product))}</p>
        <Refused refusal={refusal(which)!} />
      </>
    ) : (
      <StepButton
        tour={tour}
        disabled={busy}
        onClick={() => run((s) => s.buyAlone(which, [{ productId: product!.id, quantity: 1 }]))}
      >
        {t(label, buy(product))}
      </StepButton>
    );
  const [order] = state.orders;
  const mandate: Mandate = {
    id: 'agent-open-title',
    title: t(`${KEY}.OPEN_TITLE`),
    text: t(`${KEY}.OPEN_TEXT`, limits),
    tour: 'agent-open-mandate',
    label: t(`${KEY}.OPEN`),
    done: t(`${KEY}.OPEN_APPROVED`, limits),
    ask: (s) => s.askForOpenMandate(),
  };
  return (
    <>
      <LinkThenMandate {...props} mandate={mandate} />
      {state.approved && (
        <TourStepSection id="agent-within-title" title={t(`${KEY}.WITHIN_TITLE`)}>
          <p>{t(`${KEY}.WITHIN_TEXT`)}</p>
          {order ? <OrderPlaced order={order} /> : attempt('agent-buy-within', 'WITHIN', within, `${KEY}.WITHIN`)}
        </TourStepSection>
      )}
      {order && (
        <TourStepSection id="agent-outside-title" title={t(`${KEY}.OUTSIDE_TITLE`)}>
          {attempt('agent-buy-outside', 'OUTSIDE', outside, `${KEY}.OUTSIDE`)}
        </TourStepSection>
      )}
      {refusal('OUTSIDE') && (
        <TourStepSection id="agent-revoke-title" title={t(`${KEY}.REVOKE_TITLE`)}>
          {state.revoked ? (
            <TourDone>{t(`${KEY}.REVOKED`, { agent: TOUR_AGENT_NAME })}</TourDone>
          ) : state.window?.kind === 'MANAGE' ? (
            <p role="status">{t(`${KEY}.WAITING`)}</p>
          ) : (
            <StepButton tour="agent-manage" disabled={busy} onClick={() => run((s) => s.manage())}>
              {t(`${KEY}.MANAGE`)}
            </StepButton>
          )}
        </TourStepSection>
      )}
      {state.revoked && (
        <TourStepSection id="agent-retry-title" title={t(`${KEY}.RETRY_TITLE`)}>
          {attempt('agent-after-revoke', 'AFTER_REVOKE', within, `${KEY}.RETRY`)}
        </TourStepSection>
      )}
    </>
  );
}

/** A purchase the network or the shop refused, with the reason's code as the API names it. */
function Refused({ refusal }: { refusal: { lane: string; reason: string } }) {
  const { t } = useTranslation();
  return (
    <p role="status" className="agent-tour__refused">
      {t(refusal.lane === 'network' ? `${KEY}.REFUSED_BY_NETWORK` : `${KEY}.REFUSED_BY_SHOP`, {
        message: t(`AGENTIC.ERRORS.${refusal.reason}`, { defaultValue: refusal.reason }),
      })}{' '}
      <code dir="ltr">{refusal.reason}</code>
    </p>
  );
}

/** The order the shop placed for the agent: what was bought, then the mark and the evidence. */
function OrderPlaced({ order }: { order: TourOrder }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, i18n.language, order.total.currency);
  return (
    <div className="agent-tour__order" data-testid="agent-tour-order">
      <h3 className="agent-tour__order-title">{t(`${KEY}.ORDER_TITLE`, { number: order.orderNumber })}</h3>
      <TourDone>{t(`${KEY}.ORDER_PLACED`, { total: money(order.total.amount) })}</TourDone>
      <ul className="agent-tour__lines">
        {order.lines.map((line) => (
          <li key={line.title}>
            {t(`${KEY}.WINDOW.LINE`, { quantity: line.quantity, title: line.title, price: money(line.unitAmount) })}
          </li>
        ))}
      </ul>
      <AgentOrderDetails agent={order.agent} />
    </div>
  );
}
