import type { Experience, TourKind } from '../../lib/tour-status';
import { byName, fill, sleep, tick, waitFor } from './dom';
import { DEMO_PASSWORD } from './tour-data';
import { storeConfiguration } from '../../lib/click-to-pay/settings';
import { TEST_ADDRESS, TEST_OTP, tourShopper } from '../../lib/test-shopper';
import { tourStatus } from '../../lib/tour-status';

/**
 * One step of a tour: where it happens, the element the hint points at (given the id
 * `gt_id_{step}`), and what pressing the hint does there with the experience's test data.
 */
export interface TourStep {
  /** The hint's text: TOUR.HINT.STEPS.{key}. */
  key: string;
  /** The page it happens on. */
  path: string;
  target(): HTMLElement | null;
  perform(target: HTMLElement): Promise<void>;
  /** Whether the step is done although its element still shows. */
  done?(): boolean;
}

/** Steps whose hint sits below its target (spec: a configured list below, the others above). */
export const HINT_BELOW = new Set(['ADD_TO_CART', 'EMAIL', 'CARD_LIST', 'OTP', 'SIGN_IN', 'CHECK_ELIGIBILITY']);

const q = <T extends HTMLElement = HTMLElement>(selector: string) => document.querySelector<T>(selector);
/** Presses the target once the page has taken in the values just filled. */
const pressAfterFill = async (target: HTMLElement) => {
  await sleep(50);
  target.click();
};
/** Clicks what `find` answers once it shows (the page re-renders between the hint's actions). */
const clickWhenShown = async (find: () => HTMLElement | null | undefined) => (await waitFor(find))?.click();
/** Presses the target once it can be pressed: Add to cart waits for the product list it adds from. */
const press = (target: HTMLElement) => clickWhenShown(() => (target.matches(':disabled') ? null : target));
/** A step done by pressing its element. */
const pressing = (key: string, path: string, selector: string): TourStep => ({
  key,
  path,
  target: () => q(selector),
  perform: press,
});
/** A step that fills in its form (`fillIn`) and then presses its target, the form's button. */
const submitting = (
  key: string,
  path: string,
  selector: string,
  fillIn: (form: HTMLFormElement) => unknown,
  done?: () => boolean,
): TourStep => ({
  key,
  path,
  target: () => q(selector),
  ...(done ? { done } : {}),
  async perform(target) {
    await fillIn(target.closest('form')!);
    await pressAfterFill(target);
  },
});
/** The running experience's shopper: the new user's email for experience 1, the configured contact's otherwise. */
const shopperEmail = () => {
  const { tour, activatedUseCase } = tourStatus();
  return tourShopper(tour, activatedUseCase).email;
};
const card = () => storeConfiguration().testDataCardDetails;

/** Inside a UI kit element's (open) shadow root. */
const inside = <T extends Element = HTMLElement>(host: Element | null, selector: string) =>
  host?.shadowRoot?.querySelector<T>(selector) ?? null;

function fillCard(form: ParentNode): void {
  const { cardNumber, expiryDate, securityCode } = card();
  fill(byName(form, 'number'), cardNumber);
  fill(byName(form, 'expiry'), expiryDate);
  fill(byName(form, 'securityCode'), securityCode);
}

const addToCart = pressing('ADD_TO_CART', '/demo/guided-tour/steps', '[data-tour="add-to-cart"]');

const checkOut: TourStep = {
  key: 'CHECK_OUT',
  path: '/cart',
  target: () => q('.cart__actions .button--primary'),
  // Guests choose at the sign-in panel: its opening ends this step.
  done: () => Boolean(q('.account-form__guest')),
  perform: press,
};

/** The sign-in panel's guest checkout block (the spec's step 6 hint, `gt_id_6` in the form). */
const guestCheckout: TourStep = {
  key: 'GUEST_CHECKOUT',
  path: '/cart',
  target: () => q('.account-form__guest'),
  async perform(target) {
    target.querySelector<HTMLElement>('button, a')?.click();
  },
};

const shipping = submitting(
  'SHIPPING',
  '/checkout/shipping',
  'form.checkout-form button[type="submit"]',
  async (form) => {
    for (const [name, value] of Object.entries(TEST_ADDRESS)) {
      if (name === 'state') continue;
      fill(byName(form, name), value);
    }
    const state = await waitFor(() => {
      const select = byName<HTMLSelectElement>(form, 'state');
      return select && select.options.length > 1 ? select : null;
    });
    fill(state, TEST_ADDRESS.state);
    fill(byName(form, 'email'), shopperEmail());
  },
);

const email = submitting('EMAIL', '/checkout/payment', 'form.c2p__email button[type="submit"]', (form) =>
  fill(byName(form, 'c2pEmail'), shopperEmail()),
);

/** The network's window is open: the card step behind it stays on the page, but it is done. */
const networkWindowOpen = () => q('.dcf__sheet, .tour-dcf__sheet') !== null;

const newCard = submitting(
  'NEW_CARD',
  '/checkout/payment',
  '.c2p__new-card button[type="submit"]',
  async (form) => {
    fillCard(form);
    const consent = form.querySelector('src-consent');
    tick(inside<HTMLInputElement>(consent, 'input[name="consent"]'));
    tick(await waitFor(() => inside<HTMLInputElement>(consent, 'input[name="remember-me"]:not([disabled])')));
  },
  networkWindowOpen,
);

const otp: TourStep = {
  key: 'OTP',
  path: '/checkout/payment',
  target: () => q('src-otp-input'),
  async perform(target) {
    const inputs = Array.from(target.shadowRoot?.querySelectorAll<HTMLInputElement>('input[data-index]') ?? []);
    inputs.forEach((input, i) => {
      input.value = TEST_OTP[i] ?? '';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    tick(inside<HTMLInputElement>(target, 'input[name="remember-me"]'));
    await clickWhenShown(() => inside<HTMLButtonElement>(target, '[data-action="continue"]:not([disabled])'));
  },
};

const cardList: TourStep = {
  key: 'CARD_LIST',
  path: '/checkout/payment',
  target: () => q('src-card-list'),
  done: networkWindowOpen,
  perform: (target) => clickWhenShown(() => inside<HTMLElement>(target, '[role="option"]')),
};

/** Experience 4: the email opens the network's window (authenticate), where the passkey signs the shopper in. */
const emailToWindow: TourStep = { ...email, done: networkWindowOpen };

/** The network's window (mocked): the hint presses its main button (Continue, or the passkey's). */
const inNetworkWindow = (key: string, selector: string): TourStep => ({
  key,
  path: '/checkout/payment',
  target: () => q(selector),
  perform: (target) =>
    clickWhenShown(() => target.querySelector('iframe')?.contentDocument?.getElementById('mock-dcf-continue')),
});

/** The network's window asks for the payment passkey (the device's, else a virtual one): the hint uses it. */
const passkeySignIn = inNetworkWindow('PASSKEY_SIGN_IN', '.dcf__sheet');

const confirm = inNetworkWindow('CONFIRM', '.dcf__sheet, .tour-dcf__sheet');

/** An authenticated payment: the window asks for the passkey again to confirm it. */
const confirmWithPasskey: TourStep = { ...confirm, key: 'CONFIRM_PASSKEY' };

const placeOrder = pressing('PLACE_ORDER', '/checkout/review', 'main .next-step');
const endDemo = (path: string) => pressing('END_DEMO', path, '[data-tour="end-demo"]');

// ---- the card-on-file and installments tours (their own steps page) ----------------------------

const COF_PATH = '/demo/guided-tour/card-on-file/steps';
const INSTALLMENTS_PATH = '/demo/guided-tour/installments/steps';

const cofSignIn = submitting('SIGN_IN', COF_PATH, '[data-tour="cof-sign-in"]', (form) => {
  fill(byName(form, 'email'), shopperEmail());
  fill(byName(form, 'password'), DEMO_PASSWORD);
});
const cofSave = submitting('SAVE_CARD', COF_PATH, '[data-tour="cof-save"]:not([disabled])', fillCard);
const cofPay = pressing('PAY_SAVED', COF_PATH, '[data-tour="cof-pay"]:not([disabled])');
const confirmOn = (path: string): TourStep => ({ ...confirm, path });

const checkEligibility = pressing(
  'CHECK_ELIGIBILITY',
  INSTALLMENTS_PATH,
  '[data-tour="installments-check"]:not([disabled])',
);
const choosePlan: TourStep = {
  key: 'CHOOSE_PLAN',
  path: INSTALLMENTS_PATH,
  target: () => q('[data-tour="installments-plans"]'),
  done: () => Boolean(q('[data-tour="installments-plans"] input:checked')),
  async perform(target) {
    target.querySelector<HTMLInputElement>('input[type="radio"]')?.click();
  },
};
const payInstallments = pressing(
  'PAY_INSTALLMENTS',
  INSTALLMENTS_PATH,
  '[data-tour="installments-pay"]:not([disabled])',
);

// ---- the agent tour (issue 39): the shopper's side and the scripted agent's, on one page --------

export const AGENT_PATHS = {
  1: '/demo/guided-tour/agent/steps',
  2: '/demo/guided-tour/agent/autonomous/steps',
} as const;

/** The agent tour's steps: pressing a button of the page, or the network window's answer (its virtual passkey). */
function agentSteps(experience: 1 | 2): TourStep[] {
  const path = AGENT_PATHS[experience];
  const step = (key: string, handle: string) => pressing(key, path, `[data-tour="${handle}"]:not([disabled])`);
  // The hint stands by the network's window, as by the other tours' (it leaves what the window shows uncovered).
  const inWindow = (key: string): TourStep => ({
    key,
    path,
    target: () => q('.agent-window__sheet'),
    perform: (sheet) =>
      clickWhenShown(() => sheet.querySelector<HTMLElement>('[data-tour="agent-window-yes"]:not([disabled])')),
  });
  const start = [step('AGENT_LINK', 'agent-link'), inWindow('AGENT_CONSENT')];
  const end = { ...endDemo(path), key: 'AGENT_END' };
  if (experience === 1) {
    return [
      ...start,
      step('AGENT_BUY', 'agent-buy'),
      inWindow('AGENT_APPROVE'),
      step('AGENT_CREDENTIALS', 'agent-credentials'),
      step('AGENT_COMPLETE', 'agent-complete'),
      end,
    ];
  }
  return [
    ...start,
    step('AGENT_OPEN_MANDATE', 'agent-open-mandate'),
    inWindow('AGENT_APPROVE_OPEN'),
    step('AGENT_BUY_WITHIN', 'agent-buy-within'),
    step('AGENT_BUY_OUTSIDE', 'agent-buy-outside'),
    step('AGENT_MANAGE', 'agent-manage'),
    inWindow('AGENT_REVOKE'),
    step('AGENT_AFTER_REVOKE', 'agent-after-revoke'),
    end,
  ];
}

/** The steps of a tour, in order; step n (from 1) is `steps[n - 1]`. */
export function stepsOf(tour: TourKind, experience: Experience): TourStep[] {
  if (tour === 'agent') return agentSteps(experience === 2 ? 2 : 1);
  if (tour === 'cof') return [cofSignIn, cofSave, cofPay, confirmOn(COF_PATH), endDemo(COF_PATH)];
  if (tour === 'installments') {
    return [checkEligibility, choosePlan, payInstallments, confirmOn(INSTALLMENTS_PATH), endDemo(INSTALLMENTS_PATH)];
  }
  const start = [addToCart, checkOut, guestCheckout, shipping];
  const thankYou = endDemo('/checkout/thank-you');
  const end = [confirm, placeOrder, thankYou];
  switch (experience) {
    case 1:
      return [...start, email, newCard, ...end];
    case 3:
      return [...start, email, otp, cardList, ...end];
    case 4:
      return [...start, emailToWindow, passkeySignIn, cardList, confirmWithPasskey, placeOrder, thankYou];
    default:
      return [...start, cardList, ...end];
  }
}
