/// <reference lib="dom" />
import { SrcElement, PANEL_ATTRIBUTES, esc, ltr } from './base.ts';
import { brandFromBin, brandKey, brandSvg } from './brands.ts';
import { format } from './i18n.ts';
import type { MaskedCard } from './types.ts';

const UNAVAILABLE_STATUSES = new Set(['SUSPENDED', 'CANCELLED', 'EXPIRED', 'PENDING']);

const CSS = `
.cards { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.cards.grid { grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); }
.card {
  display: grid; grid-template-columns: auto auto 1fr auto; align-items: center; gap: 12px;
  padding-block: 12px; padding-inline: 14px; border: 1px solid var(--_border); border-radius: 10px;
  cursor: pointer; background: var(--_bg);
}
.cards.grid .card { grid-template-columns: auto 1fr; grid-template-rows: auto auto; }
.cards.grid .card .radio { display: none; }
.card:hover { background: var(--_surface); }
.card[aria-selected='true'] { border-color: var(--_accent); box-shadow: inset 0 0 0 1px var(--_accent); }
.card[aria-disabled='true'] { opacity: 0.55; cursor: not-allowed; }
.radio {
  inline-size: 20px; block-size: 20px; border-radius: 50%; border: 2px solid var(--_muted);
  display: inline-grid; place-items: center;
}
.card[aria-selected='true'] .radio { border-color: var(--_accent); }
.card[aria-selected='true'] .radio::after {
  content: ''; inline-size: 10px; block-size: 10px; border-radius: 50%; background: var(--_accent);
}
.info { display: flex; flex-direction: column; min-inline-size: 0; }
.name { font-weight: 600; overflow-wrap: anywhere; }
.number { font-variant-numeric: tabular-nums; letter-spacing: 0.04em; }
.meta { color: var(--_muted); font-size: 0.88em; }
.badge {
  font-size: 0.78em; font-weight: 600; padding-block: 2px; padding-inline: 8px; border-radius: 999px;
  background: var(--_surface); color: var(--_text); border: 1px solid var(--_border); white-space: nowrap;
}
.cards.grid .badge { grid-column: 1 / -1; justify-self: start; }
.footer-links { display: flex; flex-wrap: wrap; gap: 16px; margin-block-start: 12px; }
`;

function expiry(card: MaskedCard): string {
  const month = (card.panExpirationMonth ?? '').padStart(2, '0');
  const year = (card.panExpirationYear ?? '').slice(-2);
  return month && year ? `${month}/${year}` : '';
}

function lastUsed(card: MaskedCard): number {
  const time = Date.parse(String(card.dateOfCardLastUsed ?? ''));
  return Number.isNaN(time) ? -Infinity : time;
}

/**
 * `<src-card-list>`: the consumer's cards as a single-select listbox.
 * Attributes: `locale`, `card-brands`, `card-selection-type` (`radioButton` | `gridView`),
 * `display-preferred-card`, `display-sign-out`, `display-add-card`, `display-header` (default
 * shown; "false" hides it), `display-cancel-option`, `background` ("transparent"), `dark`.
 * Method: `loadCards(maskedCards)`. Events: `selectSrcDigitalCardId` (detail: the id),
 * `clickAddCardLink`, `clickSignOutLink`, `close`.
 */
export class SrcCardList extends SrcElement {
  static observedAttributes = [
    ...PANEL_ATTRIBUTES,
    'card-selection-type',
    'display-preferred-card',
    'display-sign-out',
    'display-add-card',
    'background',
  ];

  #cards: MaskedCard[] = [];
  #selectedId: string | null = null;
  #activeIndex = 0;

  /** Shows these cards (replacing the previous ones). Returns once rendered. */
  loadCards(maskedCards: MaskedCard[] | null | undefined): void {
    this.#cards = Array.isArray(maskedCards)
      ? maskedCards.filter((c): c is MaskedCard => Boolean(c) && typeof c.srcDigitalCardId === 'string')
      : [];
    if (!this.#cards.some((c) => c.srcDigitalCardId === this.#selectedId)) this.#selectedId = null;
    this.#activeIndex = 0;
    this.render();
  }

  /** The cards in display order (the preferred card first when `display-preferred-card` is set). */
  get cards(): MaskedCard[] {
    const cards = [...this.#cards];
    const preferred = this.#preferredId();
    if (preferred) {
      const index = cards.findIndex((c) => c.srcDigitalCardId === preferred);
      const [card] = cards.splice(index, 1);
      if (card) cards.unshift(card);
    }
    return cards;
  }

  /** The srcDigitalCardId of the selected card, or null. */
  get selectedCardId(): string | null {
    return this.#selectedId;
  }

  #preferredId(): string | null {
    if (!this.flag('display-preferred-card') || this.#cards.length === 0) return null;
    let best = this.#cards[0] as MaskedCard;
    for (const card of this.#cards) if (lastUsed(card) > lastUsed(best)) best = card;
    return best.srcDigitalCardId;
  }

  #isAvailable(card: MaskedCard): boolean {
    return !UNAVAILABLE_STATUSES.has(String(card.digitalCardData?.status ?? 'ACTIVE').toUpperCase());
  }

  protected render(): void {
    const t = this.t;
    const hadFocus = this.root.activeElement !== null;
    const grid = this.getAttribute('card-selection-type') === 'gridView';
    const showHeader = this.flag('display-header', true);
    const cards = this.cards;
    const preferred = this.#preferredId();
    if (this.#activeIndex >= cards.length) this.#activeIndex = Math.max(0, cards.length - 1);
    const selectedIndex = cards.findIndex((c) => c.srcDigitalCardId === this.#selectedId);
    if (selectedIndex >= 0 && !hadFocus) this.#activeIndex = selectedIndex;

    const options = cards
      .map((card, i) => {
        const brand = brandKey(card.paymentCardDescriptor) ?? brandFromBin(card.panBin) ?? 'mastercard';
        const brandName = t.brands[brand];
        const last4 = card.panLastFour ?? '';
        const available = this.#isAvailable(card);
        const type =
          t.cardList.types[String(card.paymentCardType ?? '').toUpperCase() as keyof typeof t.cardList.types];
        const date = expiry(card);
        const name = card.digitalCardData?.descriptorName || card.digitalCardData?.presentationName || brandName;
        const meta = [
          type,
          date ? format(esc(t.cardList.expires), { date: ltr(date) }) : '',
          available ? '' : t.cardList.unavailable,
        ]
          .filter(Boolean)
          .join(' · ');
        const badge =
          card.srcDigitalCardId === preferred ? `<span class="badge">${esc(t.cardList.preferred)}</span>` : '';
        return (
          `<li class="card" role="option" id="card-${i}" data-index="${i}" data-id="${esc(card.srcDigitalCardId)}" ` +
          `tabindex="${i === this.#activeIndex ? 0 : -1}" aria-selected="${card.srcDigitalCardId === this.#selectedId}"` +
          `${available ? '' : ' aria-disabled="true"'}>` +
          `<span class="radio" aria-hidden="true"></span>${brandSvg(brand)}` +
          `<span class="info"><span class="name"><bdi>${esc(name)}</bdi></span>` +
          `<span class="sr-only">${esc(format(t.cardList.ending, { brand: brandName, last4 }))}</span>` +
          // The bullets lead in the reading direction; the digits stay left to right.
          `<span class="number" aria-hidden="true">•••• ${ltr(last4)}</span>` +
          `<span class="meta">${meta}</span></span>${badge}</li>`
        );
      })
      .join('');

    const header = showHeader
      ? `<div class="header"><h2 id="title">${esc(t.cardList.title)}</h2>` + `${this.headerMarks()}</div>`
      : '';
    const labelling = showHeader ? 'aria-labelledby="title"' : `aria-label="${esc(t.cardList.label)}"`;
    const list =
      cards.length > 0
        ? `<ul class="cards ${grid ? 'grid' : 'list'}" role="listbox" ${labelling} ` +
          `aria-orientation="${grid ? 'horizontal' : 'vertical'}">${options}</ul>`
        : `<p class="muted empty">${esc(t.cardList.empty)}</p>`;
    const links = [
      this.flag('display-add-card')
        ? `<button type="button" class="link" data-action="add">${esc(t.cardList.addCard)}</button>`
        : '',
      this.flag('display-sign-out')
        ? `<button type="button" class="link" data-action="sign-out">${esc(t.cardList.signOut)}</button>`
        : '',
    ].join('');
    const cancel = this.flag('display-cancel-option')
      ? `<div class="actions"><button type="button" class="btn btn-secondary" data-action="cancel">${esc(t.cancel)}</button></div>`
      : '';
    const classes = this.getAttribute('background') === 'transparent' ? ['transparent'] : [];
    this.paint(
      CSS,
      `<div class="panel">${header}${list}${links ? `<div class="footer-links">${links}</div>` : ''}${cancel}</div>`,
      classes,
    );

    const listbox = this.$('[role="listbox"]');
    listbox?.addEventListener('click', (event) => {
      const option = (event.target as Element).closest<HTMLElement>('[role="option"]');
      if (option) this.#choose(Number(option.dataset.index));
    });
    listbox?.addEventListener('keydown', (event) => this.#onKeyDown(event));
    this.$('[data-action="add"]')?.addEventListener('click', () => this.emit('clickAddCardLink', {}));
    this.$('[data-action="sign-out"]')?.addEventListener('click', () => this.emit('clickSignOutLink', {}));
    this.$('[data-action="cancel"]')?.addEventListener('click', () => this.emit('close', {}));
    if (hadFocus) this.#focusActive();
  }

  #options(): HTMLElement[] {
    return this.$$('[role="option"]');
  }

  #focusActive(): void {
    this.#options()[this.#activeIndex]?.focus();
  }

  #moveTo(index: number): void {
    const options = this.#options();
    if (options.length === 0) return;
    this.#activeIndex = Math.min(Math.max(index, 0), options.length - 1);
    options.forEach((option, i) => option.setAttribute('tabindex', i === this.#activeIndex ? '0' : '-1'));
    this.#focusActive();
  }

  #choose(index: number): void {
    const card = this.cards[index];
    if (!card) return;
    this.#moveTo(index);
    if (!this.#isAvailable(card)) return;
    this.#selectedId = card.srcDigitalCardId;
    this.#options().forEach((option, i) => option.setAttribute('aria-selected', String(i === index)));
    this.emit('selectSrcDigitalCardId', card.srcDigitalCardId);
  }

  #onKeyDown(event: KeyboardEvent): void {
    const rtl = this.locale === 'ar_EG';
    const current = this.#activeIndex;
    let next: number | null = null;
    switch (event.key) {
      case 'ArrowDown':
        next = current + 1;
        break;
      case 'ArrowUp':
        next = current - 1;
        break;
      case 'ArrowRight':
        next = rtl ? current - 1 : current + 1;
        break;
      case 'ArrowLeft':
        next = rtl ? current + 1 : current - 1;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = this.#options().length - 1;
        break;
      case 'Enter':
      case ' ':
        event.preventDefault();
        this.#choose(current);
        return;
      default:
        return;
    }
    event.preventDefault();
    this.#moveTo(next);
  }
}
