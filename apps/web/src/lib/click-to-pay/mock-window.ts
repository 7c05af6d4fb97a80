import { formatMoney, toCents } from '@c2p/domain';
import { CARD_LOGOS, type CardBrand } from '../../components/layout/card-logos';
import { i18n } from '../i18n';
import type { MaskedCard } from './types';

/** What the mocked window shows and asks: its heading, the card and the order when paying, its question. */
export interface WindowQuestion {
  heading: string;
  text: string;
  /** The label of its button that answers yes. */
  yes: string;
  /** Why the last answer did not go through. */
  error?: string;
  card?: MaskedCard;
  merchant?: string;
  amount?: { transactionAmount: number | string; transactionCurrencyCode: string };
}

// The look of the network's own window (the sandbox's DCF): a header, a heading, the card and the
// order in a box, round buttons one above the other.
const STYLE = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: #141413; background: #fcfbfa; }
main { padding: 1.25rem; max-inline-size: 30rem; margin-inline: auto; }
header { display: flex; gap: .5rem; padding-block-end: .75rem; border-block-end: 1px solid #d9d9d9; font-weight: 700; font-size: 1.1rem; }
h1 { font-size: 1.2rem; margin-block: 1rem .5rem; }
p { margin-block: .5rem 1rem; }
.muted { color: #5c5c5c; }
.ltr { direction: ltr; unicode-bidi: isolate; }
.card { padding: 1rem; border: 1px solid #d9d9d9; border-radius: .75rem; background: #fff; }
.card__face { display: flex; gap: .75rem; align-items: center; }
.card__face img { flex: none; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: .75rem 0 0; padding-block-start: .75rem; border-block-start: 1px solid #d9d9d9; }
dt { color: #5c5c5c; }
.error { color: #b00020; }
dd { margin: 0; font-weight: 600; }
.actions { display: flex; flex-direction: column; gap: .5rem; }
button { font: inherit; padding: .65rem 1rem; border: 1px solid #141413; border-radius: 2rem; background: #fff; color: #141413; cursor: pointer; }
button.primary { background: #141413; color: #fff; }
button:focus-visible { outline: 3px solid #a83800; outline-offset: 2px; }
`;

type Builder = (tag: string, props?: { className?: string; text?: string }, ...children: Node[]) => HTMLElement;

function builderFor(doc: Document): Builder {
  return (tag, { className, text } = {}, ...children) => {
    const element = doc.createElement(tag);
    if (className) element.className = className;
    if (text !== undefined) element.textContent = text;
    element.append(...children);
    return element;
  };
}

const brandOf = (card: MaskedCard): CardBrand => {
  const brand = card.paymentCardDescriptor?.toLowerCase() ?? '';
  return brand in CARD_LOGOS ? (brand as CardBrand) : 'unknown';
};

/** The card being paid with and the order, as the network's window shows them. */
function cardBox(el: Builder, doc: Document, { card, merchant, amount }: WindowQuestion): HTMLElement | null {
  if (!card) return null;
  const t = i18n.t;
  const brand = brandOf(card);
  const logo = doc.createElement('img');
  Object.assign(logo, { src: CARD_LOGOS[brand], alt: '', width: 48, height: 32 });
  const lines = [
    el(
      'div',
      {},
      el('strong', { text: t(`CARD_BRANDS.${brand}`) }),
      doc.createTextNode(' •••• '),
      el('span', { className: 'ltr', text: card.panLastFour }),
    ),
  ];
  if (card.digitalCardData?.descriptorName)
    lines.push(el('div', { className: 'muted', text: card.digitalCardData.descriptorName }));
  if (card.panExpirationMonth && card.panExpirationYear) {
    const date = `${card.panExpirationMonth}/${card.panExpirationYear.slice(-2)}`;
    lines.push(
      el(
        'div',
        { className: 'muted' },
        doc.createTextNode(`${t('TOUR.MOCK_WINDOW.EXPIRES')} `),
        el('span', { className: 'ltr', text: date }),
      ),
    );
  }
  const facts = el('dl');
  if (merchant) facts.append(el('dt', { text: t('TOUR.MOCK_WINDOW.MERCHANT') }), el('dd', { text: merchant }));
  if (amount) {
    const money = formatMoney(toCents(Number(amount.transactionAmount)), i18n.language, amount.transactionCurrencyCode);
    facts.append(el('dt', { text: t('TOUR.MOCK_WINDOW.AMOUNT') }), el('dd', { text: money }));
  }
  return el(
    'section',
    { className: 'card' },
    el('div', { className: 'card__face' }, logo, el('div', {}, ...lines)),
    ...(facts.childElementCount > 0 ? [facts] : []),
  );
}

/** The sheet the window is drawn in is as tall as what it shows, as the network's window asks its page. */
function fitSheet(windowRef: Window, doc: Document): void {
  const sheet = windowRef.frameElement?.parentElement;
  if (sheet) sheet.style.blockSize = `min(${Math.ceil(doc.body.getBoundingClientRect().height)}px, 90vh)`;
}

/**
 * The network's window, mocked: what it asks, answered with its button or Cancel, drawn into the
 * popup or iframe the storefront passed as windowRef. A window that cannot be drawn into answers yes.
 */
export function askInWindow(windowRef: Window, question: WindowQuestion): Promise<boolean> {
  return new Promise((resolve) => {
    let doc: Document;
    try {
      doc = windowRef.document;
    } catch {
      resolve(true);
      return;
    }
    const title = i18n.t('TOUR.MOCK_WINDOW.TITLE');
    doc.open();
    doc.write(
      '<!doctype html><html><head><meta charset="utf-8"><title></title><style></style></head><body></body></html>',
    );
    doc.close();
    doc.documentElement.lang = document.documentElement.lang || 'en-US';
    doc.documentElement.dir = document.documentElement.dir || 'ltr';
    doc.title = title;
    doc.querySelector('style')!.textContent = STYLE;
    const el = builderFor(doc);
    const yes = el('button', { className: 'primary', text: question.yes });
    const cancel = el('button', { text: i18n.t('TOUR.MOCK_WINDOW.CANCEL') });
    Object.assign(yes, { id: 'mock-dcf-continue', type: 'button' });
    Object.assign(cancel, { id: 'mock-dcf-cancel', type: 'button' });
    const card = cardBox(el, doc, question);
    // Its landmark is named, as the network's window names its own: the page around it has one too.
    const main = el(
      'main',
      {},
      el('header', { text: title }),
      el('h1', { text: question.heading }),
      ...(card ? [card] : []),
      el('p', { text: question.text }),
      ...(question.error ? [el('p', { className: 'error', text: question.error })] : []),
      el('div', { className: 'actions' }, yes, cancel),
    );
    main.setAttribute('aria-label', title);
    doc.body.append(main);
    fitSheet(windowRef, doc);
    yes.addEventListener('click', () => resolve(true));
    cancel.addEventListener('click', () => resolve(false));
    yes.focus();
  });
}
