import { AGENTIC_CODE_SAMPLES } from './agentic-code-samples';
import type { ComponentEntry } from './catalogue';

const SDK_SETUP = `<script src="https://sandbox.src.mastercard.com/srci/integration/2/lib.js?srcDpaId=YOUR_DPA_ID&locale=en_US"></script>
<script type="module">
  const mcCheckoutService = new MastercardCheckoutServices();
  await mcCheckoutService.init({
    srcDpaId: 'YOUR_DPA_ID',
    dpaTransactionOptions: { dpaLocale: 'en_US' },
    dpaData: { dpaName: 'Your shop' },
    cardBrands: ['mastercard'],
  });`;

const UI_KIT = `<link rel="stylesheet" href="https://src.mastercard.com/srci/integration/components/src-ui-kit/src-ui-kit.css" />
<script type="module" src="https://src.mastercard.com/srci/integration/components/src-ui-kit/src-ui-kit.esm.js"></script>`;

const SERVER_SIGNING = `// On the merchant server (Node 20): every network API call is signed with OAuth 1.0a RSA-SHA256
// using the key registered for your client id (see examples/merchant-page/server.mjs).`;

/** The code a page shows, runnable as written once the placeholders are filled in. */
export const CODE_SAMPLES: Record<string, string> = {
  'card-input': `<label>Card number <input id="pan" inputmode="numeric" autocomplete="cc-number" /></label>
<label>Expiry date <input id="expiry" placeholder="MM/YY" autocomplete="cc-exp" /></label>
<label>Security code <input id="cvc" inputmode="numeric" autocomplete="cc-csc" /></label>
<script>
  // The brand follows the number's prefix (amex 34/37, visa 4, mastercard 51-55 2221-2720 67, discover 6...).
  document.getElementById('pan').addEventListener('input', (event) => {
    const digits = event.target.value.replace(/\\D/g, '');
    const brand = /^3[47]/.test(digits) ? 'amex' : /^4/.test(digits) ? 'visa'
      : /^(5[1-5]|2[2-7]|67)/.test(digits) ? 'mastercard' : /^(6011|62|64|65)/.test(digits) ? 'discover' : 'unknown';
    event.target.dataset.brand = brand;
  });
</script>`,
  'otp-input': `${UI_KIT}
<src-otp-input locale="en_US" card-brands="mastercard"></src-otp-input>
${SDK_SETUP}
  const { consumerPresent } = await mcCheckoutService.idLookup({ email: 'returning.user@example.com' });
  if (consumerPresent) {
    const { maskedValidationChannel } = await mcCheckoutService.initiateValidation();
    const otp = document.querySelector('src-otp-input');
    otp.setAttribute('masked-identity-value', maskedValidationChannel);
    otp.addEventListener('continue', async ({ detail }) => {
      const cards = await mcCheckoutService.validate({ value: detail.value });
      console.log(cards);
    });
  }
</script>`,
  authenticate: `<!-- The network's window may run the passkey prompt: let its frame use WebAuthn. -->
<iframe id="c2p-window" name="c2p-window" allow="publickey-credentials-get *; publickey-credentials-create *"
  title="Click to Pay" hidden></iframe>
${SDK_SETUP}
  document.querySelector('#sign-in').addEventListener('click', async () => {
    const frame = document.querySelector('#c2p-window');
    frame.hidden = false;
    // A payment passkey where this device has one for the profile, else a one-time code, in the network's window.
    // Rejects when the passkey or the code fails (its reason says why), or the shopper cancels.
    const { cards, recognitionToken } = await mcCheckoutService.authenticate({
      windowRef: frame.contentWindow,
      requestRecognitionToken: true,
      accountReference: {
        consumerIdentity: { identityProvider: 'SRC', identityType: 'EMAIL_ADDRESS', identityValue: 'returning.user@example.com' },
      },
    });
    frame.hidden = true;
    // How the shopper proved it is in the payload's assuranceData (verificationMethod 07: a passkey, 04: a code).
    console.log(cards.length, Boolean(recognitionToken));
  });
  // dpaData.dpaName at init is what lets the network use passkeys at all.
</script>
<button id="sign-in">Sign in with Click to Pay</button>`,
  'card-list': `${UI_KIT}
<src-card-list locale="en_US" card-brands="mastercard"></src-card-list>
${SDK_SETUP}
  const cards = await mcCheckoutService.getCards();
  const list = document.querySelector('src-card-list');
  list.loadCards(cards);
  list.addEventListener('selectSrcDigitalCardId', ({ detail }) => console.log('chosen', detail));
</script>`,
  'single-card': `${UI_KIT}
<src-card-list locale="en_US" card-selection-type="single"></src-card-list>
${SDK_SETUP}
  const [card] = await mcCheckoutService.getCards();
  document.querySelector('src-card-list').loadCards(card ? [card] : []);
</script>`,
  'card-encryption': `${SDK_SETUP}
  const { encryptedCard, cardBrand } = await mcCheckoutService.encryptCard({
    primaryAccountNumber: '5186001700008785',
    panExpirationMonth: '12',
    panExpirationYear: '2029',
    cardSecurityCode: '123',
  });
  console.log(cardBrand, encryptedCard.split('.').length); // a JWE in five parts
</script>`,
  'email-lookup': `${SDK_SETUP}
  const { consumerPresent } = await mcCheckoutService.idLookup({ email: 'returning.user@example.com' });
  console.log(consumerPresent);
</script>`,
  'get-cards': `${SDK_SETUP}
  const cards = await mcCheckoutService.getCards(); // [] until the browser is recognised or validated
  console.log(cards.map((card) => card.panLastFour));
</script>`,
  'checkout-with-card': `${SDK_SETUP}
  const [card] = await mcCheckoutService.getCards();
  document.querySelector('#pay').addEventListener('click', async () => {
    const windowRef = window.open('', 'dcf', 'width=480,height=640'); // inside the click
    const result = await mcCheckoutService.checkoutWithCard({
      srcDigitalCardId: card.srcDigitalCardId,
      windowRef,
      dpaTransactionOptions: { transactionAmount: { transactionAmount: 100, transactionCurrencyCode: 'USD' } },
    });
    windowRef.close();
    console.log(result.checkoutActionCode, result.checkoutResponseData.srcCorrelationId);
  });
</script>
<button id="pay">Pay</button>`,
  'checkout-with-new-card': `${SDK_SETUP}
  document.querySelector('#pay').addEventListener('click', async () => {
    const windowRef = window.open('', 'dcf', 'width=480,height=640');
    const { encryptedCard, cardBrand } = await mcCheckoutService.encryptCard({
      primaryAccountNumber: '5186001700008785', panExpirationMonth: '12', panExpirationYear: '2029', cardSecurityCode: '123',
    });
    const result = await mcCheckoutService.checkoutWithNewCard({
      encryptedCard, cardBrand, windowRef,
      consumer: { emailAddress: 'new.user@example.com' },
      dpaTransactionOptions: { transactionAmount: { transactionAmount: 100, transactionCurrencyCode: 'USD' } },
    });
    windowRef.close();
    console.log(result.checkoutActionCode);
  });
</script>
<button id="pay">Pay</button>`,
  'fetch-payload': `// In the browser: hand the checkout's identifiers to your server.
await fetch('/api/getPayload', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    srcDpaId: 'YOUR_DPA_ID',
    srcCorrelationId: result.checkoutResponseData.srcCorrelationId,
    merchantTransactionId: result.headers['merchant-transaction-id'],
    flowId: result.headers['x-src-cx-flow-id'],
    transactionAmount: { transactionAmount: 100, transactionCurrencyCode: 'USD' },
  }),
});

${SERVER_SIGNING}
// POST {network}/srci/api/checkout { srcCorrelationId, srciTransactionId, ... } → an encrypted payload (JWE),
// decrypted with the merchant's private key; the card or token and its cryptogram are inside.`,
  'post-confirmation': `// After the order is placed, in the browser:
await fetch('/api/confirmation', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ orderNumber: 'ORDER_NUMBER', paymentId: 'PAYMENT_ID' }),
});

${SERVER_SIGNING}
// POST {network}/srci/api/checkout/confirmations  { srcCorrelationId, confirmationData: { checkoutEventType: '01',
//   checkoutEventStatus: '01', confirmationStatus: '01', transactionAmount, ... } }`,
};

export const codeSampleFor = (entry: ComponentEntry) =>
  CODE_SAMPLES[entry.slug] ?? AGENTIC_CODE_SAMPLES[entry.slug] ?? '';
