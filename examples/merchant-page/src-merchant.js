// The SRC-level flow (window.SRCSDK_MASTERCARD), as a payment provider's web SDK drives it: one
// srcCorrelationId per SDK session (getSrcProfile's), passed to checkout and then to our backend,
// which fetches the payload with it and the card id (transaction/credentials). "Remember me" is
// the consent this page collects, passed on as a REMEMBER_ME compliance resource.
import { $, say, show, showCards } from './page.js';

const config = await (await fetch('/config')).json();
await new Promise((resolve, reject) => {
  const script = document.createElement('script');
  script.src = `${config.network}/sandbox/sdk/srcsdk.mastercard.js`;
  script.onload = resolve;
  script.onerror = () => reject(new Error('The Click to Pay SDK did not load'));
  document.head.append(script);
});

const src = window.SRCSDK_MASTERCARD;
const REMEMBER_ME = { complianceResources: [{ complianceType: 'REMEMBER_ME', uri: '' }] };
let profile; // { srcCorrelationId, cards }
let rememberMe = false;

async function start() {
  await src.init({
    srcInitiatorId: 'example-shop',
    srciDpaId: config.srcDpaId,
    srciTransactionId: crypto.randomUUID(),
    dpaData: { dpaName: 'Example shop' },
    dpaTransactionOptions: {
      dpaLocale: 'en_US',
      transactionAmount: { transactionAmount: 25, transactionCurrencyCode: 'USD' },
      paymentOptions: [{ dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM' }],
    },
  });
  const recognised = await src.isRecognized();
  if (!recognised.recognized) return show('email-form');
  say('Welcome back');
  await showProfile(recognised.idTokens);
}

async function showProfile(idTokens) {
  const answer = await src.getSrcProfile({ idTokens });
  profile = { srcCorrelationId: answer.srcCorrelationId, cards: answer.profiles[0]?.maskedCards ?? [] };
  showCards(profile.cards);
}

const guard = (action) => async (event) => {
  event?.preventDefault();
  try {
    await action();
  } catch (error) {
    say(`${error.reason}: ${error.message}`);
  }
};

$('email-form').addEventListener(
  'submit',
  guard(async () => {
    const identity = { identityType: 'EMAIL_ADDRESS', identityValue: $('email').value };
    const { consumerPresent } = await src.identityLookup({ consumerIdentity: identity });
    if (!consumerPresent) return say('No Click to Pay profile for this email: pay with the lib.js page');
    const channel = await src.initiateIdentityValidation();
    say(`We sent a code to ${channel.maskedValidationChannel}`);
    show('code-form');
  }),
);

$('code-form').addEventListener(
  'submit',
  guard(async () => {
    rememberMe = $('remember-me').checked;
    const { idToken } = await src.completeIdentityValidation({ validationData: $('code').value });
    await showProfile([idToken]);
  }),
);

$('pay').addEventListener(
  'click',
  guard(async () => {
    const srcDigitalCardId = document.querySelector('input[name=card]:checked').value;
    const frame = $('dcf');
    frame.hidden = false;
    try {
      const result = await src.checkout({
        srcDigitalCardId,
        srcCorrelationId: profile.srcCorrelationId,
        windowRef: frame.contentWindow,
        ...(rememberMe ? { complianceSettings: REMEMBER_ME } : {}),
      });
      if (result.dcfActionCode !== 'COMPLETE') return say(`Checkout ended: ${result.dcfActionCode}`);
      const answer = await fetch('/pay-src', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ srcCorrelationId: profile.srcCorrelationId, srcDigitalCardId }),
      });
      const paid = await answer.json();
      $('receipt').textContent = answer.ok
        ? `Paid with the card ending ${paid.lastFour} (${paid.kind}, ECI ${paid.eci})`
        : `Payment failed: ${paid.message}`;
    } finally {
      frame.hidden = true;
      frame.src = 'about:blank';
    }
  }),
);

$('not-you').addEventListener(
  'click',
  guard(async () => {
    await src.unbindAppInstance();
    show('email-form');
  }),
);

await guard(start)();
