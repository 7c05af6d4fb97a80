// What both example pages share: their elements, the status line, and the card choice.
export const $ = (id) => document.getElementById(id);
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
