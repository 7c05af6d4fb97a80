// What both example pages share: the checkout's parts (built here: each page has its own heading,
// intro and extra form), the status line, and the card choice.
export const $ = (id) => document.getElementById(id);

const main = document.querySelector('main');
const parts = (markup) => document.createRange().createContextualFragment(markup);
const rememberMe = main.dataset.rememberMe === 'ask';
// After the page's intro: the status line, the cards, the email and the code forms.
main.querySelector('h1 + p').after(
  parts(`<p id="status" role="status"></p>
    <section id="cards" hidden>
      <h2>Your cards</h2>
      <div id="card-list"></div>
      <button type="button" id="pay">Pay with this card</button>
      <button type="button" id="not-you">Not your cards?</button>
    </section>
    <form id="email-form" hidden>
      <label>Email <input id="email" type="email" autocomplete="email" required /></label>
      <button>Continue</button>
    </form>
    <form id="code-form" hidden>
      <label>One-time code <input id="code" inputmode="numeric" autocomplete="one-time-code" required /></label>
      ${rememberMe ? '<label><input id="remember-me" type="checkbox" /> Remember me on this browser</label>' : ''}
      <button>Verify</button>
    </form>`),
);
// Last: the network's window (an iframe the SDK writes into) and the receipt.
main.append(
  parts(`<iframe id="dcf" name="dcf" title="Click to Pay"
      allow="publickey-credentials-get *; publickey-credentials-create *" hidden></iframe>
    <p id="receipt" role="status"></p>`),
);
export const say = (text) => ($('status').textContent = text);

/** Shows only the sections named (the others hide). */
export const show = (...visible) => {
  for (const section of document.querySelectorAll('main > section, main > form'))
    section.hidden = !visible.includes(section.id);
};

/** The masked cards as radio buttons (the first chosen), then the cards section. */
export function showCards(cards) {
  $('card-list').replaceChildren(
    ...cards.map((card, index) => {
      const label = document.createElement('label');
      const radio = Object.assign(document.createElement('input'), {
        type: 'radio',
        name: 'card',
        value: card.srcDigitalCardId,
        checked: index === 0,
      });
      label.append(radio, ` ${card.digitalCardData.descriptorName} ending ${card.panLastFour}`);
      return label;
    }),
  );
  show('cards');
}
