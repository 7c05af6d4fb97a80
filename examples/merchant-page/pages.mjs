// The shop's two pages, built on one document: the lib.js page (MastercardCheckoutServices, with a
// new card's form) and the SRC-level SDK's (SRCSDK_MASTERCARD). page.js adds the checkout's parts.

/** A page of the shop: its title, its script and what its main element holds at first. */
const page = ({ title, script, main }) => `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="data:," />
    <title>${title}</title>
    <link rel="stylesheet" href="/style.css" />
    <script type="module" src="${script}"></script>
  </head>
  <body>
    ${main}
  </body>
</html>
`;

export const LIB_PAGE = page({
  title: 'Example shop: Click to Pay from your own page',
  script: '/merchant.js',
  main: `<main>
      <h1>Example shop</h1>
      <p>Order total: 25.00 USD. Pay with Click to Pay.</p>
      <form id="card-form" hidden>
        <label>Card number <input id="pan" inputmode="numeric" autocomplete="cc-number" required /></label>
        <label>Expiry month <input id="month" inputmode="numeric" autocomplete="cc-exp-month" required /></label>
        <label>Expiry year <input id="year" inputmode="numeric" autocomplete="cc-exp-year" required /></label>
        <label>Security code <input id="cvc" inputmode="numeric" autocomplete="cc-csc" required /></label>
        <button>Pay with this new card</button>
      </form>
    </main>`,
});

export const SRC_PAGE = page({
  title: 'Example shop: the SRC-level SDK from your own page',
  script: '/src-merchant.js',
  main: `<main data-remember-me="ask">
      <h1>Example shop (SRC-level SDK)</h1>
      <p>
        Order total: 25.00 USD. This page drives <code>window.SRCSDK_MASTERCARD</code>, as some payment providers' web
        SDKs do; <a href="/">the lib.js page</a> drives <code>MastercardCheckoutServices</code>.
      </p>
    </main>`,
});
