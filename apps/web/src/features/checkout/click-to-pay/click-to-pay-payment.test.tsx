// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_SHOPPER_SHIPPING, type ClickToPayPayment as Payment, type Shipping } from '@c2p/domain';
import en from '@c2p/domain/locales/en-US';
import { initI18nWith } from '../../../lib/i18n';
import { useCheckout } from '../../../lib/checkout-store';
import { ClickToPayClient, clickToPaySession } from '../../../lib/click-to-pay/client';
import type { MaskedCard } from '../../../lib/click-to-pay/types';
import { useCart } from '../../cart';
import { ClickToPayPayment } from './click-to-pay-payment';

// The component reaches the network through the session the client module hands out, and the UI
// kit through its loader: the session here wraps a fake SDK, and the kit's elements are fakes below.
vi.mock('../../../lib/click-to-pay/client', async (original) => ({
  ...(await original<typeof import('../../../lib/click-to-pay/client')>()),
  clickToPaySession: vi.fn(),
}));
vi.mock('../../../lib/click-to-pay/sdk-loader', async (original) => ({
  ...(await original<typeof import('../../../lib/click-to-pay/sdk-loader')>()),
  loadUiKit: vi.fn(async () => undefined),
}));
vi.mock('../../../components/ui/toast', () => ({ notify: vi.fn(async () => undefined) }));

/** The UI kit's card list, drawn as buttons that answer the kit's selection event. */
class FakeCardList extends HTMLElement {
  loadCards(cards: MaskedCard[]) {
    this.replaceChildren(
      ...cards.map((card) => {
        const button = document.createElement('button');
        button.textContent = `${card.paymentCardDescriptor} •••• ${card.panLastFour}`;
        button.addEventListener('click', () =>
          this.dispatchEvent(new CustomEvent('selectSrcDigitalCardId', { detail: card.srcDigitalCardId })),
        );
        return button;
      }),
    );
  }
}

/** The UI kit's code fields: the masked address, one field, Continue, and the error the page sets. */
class FakeOtpInput extends HTMLElement {
  static observedAttributes = ['error-message'];
  connectedCallback() {
    const said = document.createElement('p');
    said.textContent = `Code sent to ${this.getAttribute('masked-identity-value')}`;
    const field = document.createElement('input');
    field.setAttribute('aria-label', 'One-time code');
    const button = document.createElement('button');
    button.textContent = 'Verify';
    button.addEventListener('click', () =>
      this.dispatchEvent(new CustomEvent('continue', { detail: { value: field.value, rememberMe: true } })),
    );
    const error = document.createElement('p');
    error.setAttribute('role', 'alert');
    this.replaceChildren(said, field, button, error);
  }
  attributeChangedCallback() {
    const error = this.querySelector('[role=alert]');
    if (error) error.textContent = this.getAttribute('error-message') ?? '';
  }
  loadSupportedValidationChannels() {}
}

beforeAll(() => {
  initI18nWith('en-US', en);
  customElements.define('src-card-list', FakeCardList);
  customElements.define('src-otp-input', FakeOtpInput);
});

const CARD: MaskedCard = {
  srcDigitalCardId: 'card-8785',
  panLastFour: '8785',
  panBin: '520000',
  paymentCardDescriptor: 'Mastercard',
};
const SHIPPING: Shipping = {
  ...TEST_SHOPPER_SHIPPING,
  address: { ...TEST_SHOPPER_SHIPPING.address, streetAddress2: '' },
};
const PAYMENT: Payment = {
  paymentId: 'payment-1',
  brand: 'mastercard',
  lastFour: '8785',
  expiry: '12/30',
  credential: 'TOKEN',
  dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM',
  eci: null,
};
const COMPLETE = {
  checkoutActionCode: 'COMPLETE',
  checkoutResponseData: { srcCorrelationId: 'correlation-1' },
  headers: { 'merchant-transaction-id': 'merchant-tx-1', 'x-src-cx-flow-id': 'flow-1' },
};

/** A network SDK whose every method answers what the test says (getCards: none by default). */
function fakeSdk(answers: Record<string, (params?: unknown) => unknown> = {}) {
  const sdk: Record<string, ReturnType<typeof vi.fn>> = {};
  for (const method of ['init', 'getCards', 'idLookup', 'initiateValidation', 'validate', 'signOut']) {
    sdk[method] = vi.fn(async () => undefined);
  }
  sdk.getCards = vi.fn(async () => []);
  for (const [method, answer] of Object.entries(answers)) sdk[method] = vi.fn(async (params) => answer(params));
  vi.mocked(clickToPaySession).mockReturnValue({
    key: 'test',
    transactionId: 'transaction-1',
    ready: Promise.resolve(new ClickToPayClient(sdk, 'transaction-1')),
  });
  return sdk;
}

/** Our server's getPayload, answering the payment. */
function fakeServer() {
  const fetch = vi.fn(async (_path: string, _init?: RequestInit) => ({
    ok: true,
    status: 200,
    json: async () => ({
      data: PAYMENT,
      network: { method: 'POST', url: 'https://network/payload', headers: {}, status: 200, response: {} },
    }),
  }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => {
  localStorage.clear();
  useCart.setState({
    items: [
      {
        id: 1,
        uuid: 1,
        slug: 'lamp',
        name: 'Lamp',
        description: '',
        price: 40,
        image: '',
        category: 'home',
        count: 2,
      },
    ],
  });
  useCheckout.setState({ shipping: SHIPPING, promoCode: undefined });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const lookUp = async (email: string) => {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Email address' }), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
};

describe('Click to Pay payment, with a fake network SDK', () => {
  it('a recognised shopper sees their cards, picks one and pays; our server fetches its payload', async () => {
    const sdk = fakeSdk({ getCards: () => [CARD], checkoutWithCard: () => COMPLETE });
    const fetch = fakeServer();
    const onPaid = vi.fn();
    render(<ClickToPayPayment onPaid={onPaid} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Mastercard •••• 8785' }));

    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(PAYMENT));
    expect(sdk.checkoutWithCard).toHaveBeenCalledWith(
      expect.objectContaining({
        srcDigitalCardId: 'card-8785',
        rememberMe: false,
        dpaTransactionOptions: { transactionAmount: { transactionAmount: 80, transactionCurrencyCode: 'USD' } },
      }),
    );
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/api/getPayload');
    expect(JSON.parse(String(init?.body))).toEqual({
      srcDpaId: expect.any(String),
      srcCorrelationId: 'correlation-1',
      merchantTransactionId: 'merchant-tx-1',
      flowId: 'flow-1',
      transactionAmount: { transactionAmount: 80, transactionCurrencyCode: 'USD' },
    });
    expect(await screen.findByText('Completing your payment with Click to Pay…')).toBeTruthy();
  });

  it('a known email gets a code; a wrong code is said on the code fields, the right one shows the cards', async () => {
    const sdk = fakeSdk({
      idLookup: () => ({ consumerPresent: true }),
      initiateValidation: () => ({
        maskedValidationChannel: 'r*****@example.com',
        supportedValidationChannels: [],
      }),
      validate: (params) => {
        if ((params as { value: string }).value !== '123456') throw { reason: 'CODE_INVALID', message: 'wrong' };
        return [CARD];
      },
    });
    render(<ClickToPayPayment onPaid={vi.fn()} />);

    expect(await screen.findByText('Enter your email to find your Click to Pay cards.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Email address' }) as HTMLInputElement).value).toBe('ada@example.com');
    await lookUp(' returning.user@example.com ');
    expect(await screen.findByText('Code sent to r*****@example.com')).toBeTruthy();
    expect(sdk.idLookup).toHaveBeenCalledWith({ email: 'returning.user@example.com' });

    const code = screen.getByRole('textbox', { name: 'One-time code' });
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('The supplied OTP value was invalid. Try again'),
    );
    expect(screen.getByText('Code sent to r*****@example.com')).toBeTruthy();

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Mastercard •••• 8785' })).toBeTruthy();
    expect(sdk.validate).toHaveBeenLastCalledWith({ value: '123456', rememberMe: true });
  });

  it('an email the network does not know leads to card entry, and the card is enrolled for that shopper', async () => {
    const sdk = fakeSdk({
      idLookup: () => ({ consumerPresent: false }),
      encryptCard: () => ({ encryptedCard: 'encrypted-card', cardBrand: 'mastercard' }),
      checkoutWithNewCard: () => ({ checkoutActionCode: 'CANCEL' }),
    });
    render(<ClickToPayPayment onPaid={vi.fn()} />);

    await lookUp('nobody');
    expect(await screen.findByText('Please enter valid email for OTP verification.')).toBeTruthy();
    expect(sdk.idLookup).not.toHaveBeenCalled();

    await lookUp('new.user@example.com');
    expect(await screen.findByRole('heading', { name: 'Add a card to Click to Pay' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Card number' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use another email' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Fill in the test card' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue with Click to Pay' }));
    });
    await waitFor(() => expect(sdk.checkoutWithNewCard).toHaveBeenCalled());
    expect(sdk.encryptCard).toHaveBeenCalledWith(
      expect.objectContaining({ cardholderFirstName: 'Ada', cardholderLastName: 'Lovelace' }),
    );
    expect(sdk.checkoutWithNewCard).toHaveBeenCalledWith(
      expect.objectContaining({
        encryptedCard: 'encrypted-card',
        consumer: { emailAddress: 'new.user@example.com', firstName: 'Ada', lastName: 'Lovelace' },
      }),
    );
    // Cancelled in the network's window: the card entry shows again.
    expect(await screen.findByRole('heading', { name: 'Add a card to Click to Pay' })).toBeTruthy();
  });
});
