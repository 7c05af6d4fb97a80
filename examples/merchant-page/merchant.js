// The merchant page: loads the network's SDK from the network's own origin and runs the three
// Click to Pay flows. The payload is fetched and decrypted by our backend (server.mjs), never here.
import { $, say, show, showCards } from './page.js';

const config = await (await fetch('/config')).json();
await new Promise((resolve, reject) => {
  const script = document.createElement('script');
  script.src = `${config.network}/sandbox/srci/integration/2/lib.js?srcDpaId=${encodeURIComponent(config.srcDpaId)}&locale=en_US`;
  script.onload = resolve;
  script.onerror = () => reject(new Error('The Click to Pay SDK did not load'));
  document.head.append(script);
});

const c2p = new window.MastercardCheckoutServices();
const transaction = {
  dpaLocale: 'en_US',
  transactionAmount: { transactionAmount: 25, transactionCurrencyCode: 'USD' },
  paymentOptions: [{ dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM' }],
};
try {
  await c2p.init({
    srcDpaId: config.srcDpaId,
    dpaData: { dpaName: 'Example shop' },
    dpaTransactionOptions: transaction,
    cardBrands: ['mastercard', 'visa'],
    ...(config.recognitionToken ? { recognitionToken: config.recognitionToken } : {}),
  });
} catch (error) {
  say(`${error.reason}: ${error.message}`);
  throw error;
}
let email;

async function checkout(method, params) {
  const frame = $('dcf');
  frame.hidden = false;
  try {
    const result = await c2p[method]({
      ...params,
      windowRef: frame.contentWindow,
      dpaTransactionOptions: transaction,
      rememberMe: true,
      recognitionTokenRequested: true,
    });
    if (result.checkoutActionCode !== 'COMPLETE') return say(`Checkout ended: ${result.checkoutActionCode}`);
    const answer = await fetch('/pay', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        srcCorrelationId: result.checkoutResponseData.srcCorrelationId,
        merchantTransactionId: result.headers['merchant-transaction-id'],
        flowId: result.headers['x-src-cx-flow-id'],
        recognitionToken: result.recognitionToken,
      }),
    });
    const paid = await answer.json();
    $('receipt').textContent = answer.ok
      ? `Paid with the card ending ${paid.lastFour} (${paid.kind}, ECI ${paid.eci})`
      : `Payment failed: ${paid.message}`;
  } catch (error) {
    say(`${error.reason}: ${error.message}`);
  } finally {
    frame.hidden = true;
    frame.src = 'about:blank';
  }
}

$('email-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  email = $('email').value;
  try {
    const { consumerPresent } = await c2p.idLookup({ email });
    if (!consumerPresent) return show('card-form');
    const channel = await c2p.initiateValidation();
    say(`We sent a code to ${channel.maskedValidationChannel}`);
    show('code-form');
  } catch (error) {
    say(`${error.reason}: ${error.message}`);
  }
});

$('code-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  try {
    showCards(await c2p.validate({ value: $('code').value }));
  } catch (error) {
    say(`${error.reason}: ${error.message}`);
  }
});

$('pay').addEventListener('click', () =>
  checkout('checkoutWithCard', { srcDigitalCardId: document.querySelector('input[name=card]:checked').value }),
);

$('not-you').addEventListener('click', async () => {
  await c2p.signOut();
  show('email-form');
});

$('card-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  try {
    const { encryptedCard, cardBrand } = await c2p.encryptCard({
      primaryAccountNumber: $('pan').value,
      panExpirationMonth: $('month').value,
      panExpirationYear: $('year').value,
      cardSecurityCode: $('cvc').value,
    });
    await checkout('checkoutWithNewCard', { encryptedCard, cardBrand, consumer: { emailAddress: email } });
  } catch (error) {
    say(`${error.reason}: ${error.message}`);
  }
});

const cards = await c2p.getCards();
if (cards.length > 0) {
  say('Welcome back');
  showCards(cards);
} else {
  show('email-form');
}
