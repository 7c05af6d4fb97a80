// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { SrcCardList } from './card-list.ts';
import type { MaskedCard } from './types.ts';
import { cleanup, key, mount, q, qa, record, rootOf, shadow } from './test-helpers.ts';

const CARDS: MaskedCard[] = [
  {
    srcDigitalCardId: 'mc-1',
    panBin: '518600',
    panLastFour: '9726',
    panExpirationMonth: '12',
    panExpirationYear: '2028',
    paymentCardDescriptor: 'mastercard',
    paymentCardType: 'CREDIT',
    digitalCardData: { status: 'ACTIVE', descriptorName: 'MasterCard Test Bank' },
    dateOfCardLastUsed: '2026-01-01T00:00:00Z',
  },
  {
    srcDigitalCardId: 'visa-1',
    panBin: '400000',
    panLastFour: '1091',
    panExpirationMonth: '3',
    panExpirationYear: '2029',
    paymentCardDescriptor: 'visa',
    paymentCardType: 'DEBIT',
    digitalCardData: { status: 'ACTIVE', descriptorName: 'Visa Test Bank' },
    dateOfCardLastUsed: '2026-06-01T00:00:00Z',
  },
  {
    srcDigitalCardId: 'amex-1',
    panBin: '378282',
    panLastFour: '0005',
    paymentCardDescriptor: 'amex',
    digitalCardData: { status: 'SUSPENDED', descriptorName: 'Amex Gold' },
  },
];

function list(attributes = ''): SrcCardList {
  const el = mount<SrcCardList>(`<src-card-list ${attributes}></src-card-list>`);
  el.loadCards(CARDS);
  return el;
}

afterEach(cleanup);

describe('src-card-list', () => {
  it('is defined with a method loadCards and renders a listbox of options', async () => {
    await customElements.whenDefined('src-card-list');
    const el = list();
    expect(typeof el.loadCards).toBe('function');
    const listbox = q(el, '[role="listbox"]');
    expect(listbox.getAttribute('aria-labelledby')).toBe('title');
    const options = qa(el, '[role="option"]');
    expect(options).toHaveLength(3);
    expect(options.map((o) => o.dataset.id)).toEqual(['mc-1', 'visa-1', 'amex-1']);
    expect(options[0]?.textContent).toContain('MasterCard Test Bank');
    expect(options[0]?.textContent).toContain('Mastercard ending in 9726');
    expect(options[0]?.textContent).toContain('Expires 12/28');
    expect(options[1]?.textContent).toContain('Expires 03/29');
    expect(options[0]?.querySelector('[data-brand="mastercard"]')).not.toBeNull();
    expect(options[1]?.querySelector('[data-brand="visa"]')).not.toBeNull();
    expect(options[2]?.getAttribute('aria-disabled')).toBe('true');
    expect(options.map((o) => o.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
  });

  it('keeps card numbers left to right, the bullets leading in the reading direction', () => {
    const el = list('locale="ar_EG"');
    const number = q(el, '.number bdi');
    expect(number.getAttribute('dir')).toBe('ltr');
    expect(number.textContent).toBe('9726');
    expect(q(el, '.number').textContent).toBe('•••• 9726');
  });

  it('shows the empty message without cards and loadCards replaces the list', () => {
    const el = mount<SrcCardList>('<src-card-list></src-card-list>');
    expect(q(el, '.empty').textContent).toBe('There are no cards to show.');
    el.loadCards([CARDS[1] as MaskedCard]);
    expect(qa(el, '[role="option"]')).toHaveLength(1);
    el.loadCards(undefined);
    expect(qa(el, '[role="option"]')).toHaveLength(0);
  });

  it('display-header="false" hides the header and labels the list with aria-label', () => {
    const el = list('display-header="false"');
    expect(shadow(el).querySelector('h2')).toBeNull();
    expect(q(el, '[role="listbox"]').getAttribute('aria-label')).toBe('Your cards');
    el.setAttribute('display-header', '');
    expect(q(el, 'h2').textContent).toBe('Choose a card');
  });

  it('card-brands picks the header marks', () => {
    const el = list('card-brands="visa,amex"');
    expect(qa(el, '.header-marks [data-brand]').map((m) => m.dataset.brand)).toEqual(['visa', 'amex']);
  });

  it('display-preferred-card puts the most recently used card first with a badge', () => {
    const el = list('display-preferred-card');
    const options = qa(el, '[role="option"]');
    expect(options[0]?.dataset.id).toBe('visa-1');
    expect(options[0]?.querySelector('.badge')?.textContent).toBe('Preferred');
    expect(qa(el, '.badge')).toHaveLength(1);
  });

  it('card-selection-type, background and dark set the look', () => {
    const el = list('card-selection-type="gridView" background="transparent" dark');
    expect(q(el, '[role="listbox"]').classList.contains('grid')).toBe(true);
    expect(q(el, '[role="listbox"]').getAttribute('aria-orientation')).toBe('horizontal');
    expect(rootOf(el).classList.contains('transparent')).toBe(true);
    expect(rootOf(el).classList.contains('dark')).toBe(true);
    el.setAttribute('dark', 'false');
    expect(rootOf(el).classList.contains('dark')).toBe(false);
    el.setAttribute('card-selection-type', 'radioButton');
    expect(q(el, '[role="listbox"]').classList.contains('list')).toBe(true);
  });

  it('clicking a card emits selectSrcDigitalCardId with the id and marks it selected', () => {
    const el = list();
    const events = record(el, 'selectSrcDigitalCardId');
    const second = qa(el, '[role="option"]')[1] as HTMLElement;
    second.querySelector<HTMLElement>('.name')?.click();
    expect(events).toHaveLength(1);
    expect(events[0]?.detail).toBe('visa-1');
    expect(events[0]?.event.bubbles).toBe(true);
    expect(events[0]?.event.composed).toBe(true);
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(el.selectedCardId).toBe('visa-1');
  });

  it('an unavailable card cannot be selected', () => {
    const el = list();
    const events = record(el, 'selectSrcDigitalCardId');
    qa(el, '[role="option"]')[2]?.click();
    expect(events).toHaveLength(0);
  });

  it('arrow keys, Home and End move the focus; Enter and Space select', () => {
    const el = list();
    const events = record(el, 'selectSrcDigitalCardId');
    const options = qa(el, '[role="option"]');
    options[0]?.focus();
    key(options[0] as HTMLElement, 'ArrowDown');
    expect(shadow(el).activeElement).toBe(options[1]);
    expect(options[1]?.getAttribute('tabindex')).toBe('0');
    expect(options[0]?.getAttribute('tabindex')).toBe('-1');
    expect(events).toHaveLength(0);
    key(options[1] as HTMLElement, 'End');
    expect(shadow(el).activeElement).toBe(options[2]);
    key(options[2] as HTMLElement, 'ArrowDown');
    expect(shadow(el).activeElement).toBe(options[2]);
    key(options[2] as HTMLElement, 'Home');
    expect(shadow(el).activeElement).toBe(options[0]);
    key(options[0] as HTMLElement, 'ArrowUp');
    expect(shadow(el).activeElement).toBe(options[0]);
    const enter = key(options[0] as HTMLElement, 'Enter');
    expect(enter.defaultPrevented).toBe(true);
    expect(events.map((e) => e.detail)).toEqual(['mc-1']);
    key(options[0] as HTMLElement, 'ArrowRight');
    key(options[1] as HTMLElement, ' ');
    expect(events.map((e) => e.detail)).toEqual(['mc-1', 'visa-1']);
  });

  it('left and right arrows are mirrored right to left', () => {
    const el = list('locale="ar_EG"');
    const options = qa(el, '[role="option"]');
    options[0]?.focus();
    key(options[0] as HTMLElement, 'ArrowLeft');
    expect(shadow(el).activeElement).toBe(options[1]);
    key(options[1] as HTMLElement, 'ArrowRight');
    expect(shadow(el).activeElement).toBe(options[0]);
  });

  it('emits clickAddCardLink, clickSignOutLink and close from the optional links', () => {
    const el = list();
    expect(shadow(el).querySelector('[data-action]')).toBeNull();
    el.setAttribute('display-add-card', '');
    el.setAttribute('display-sign-out', '');
    el.setAttribute('display-cancel-option', '');
    const events = record(el, 'clickAddCardLink', 'clickSignOutLink', 'close');
    expect(q(el, '[data-action="add"]').textContent).toBe('Add a card');
    expect(q(el, '[data-action="sign-out"]').textContent).toBe('Not your cards?');
    q(el, '[data-action="add"]').click();
    q(el, '[data-action="sign-out"]').click();
    q(el, '[data-action="cancel"]').click();
    expect(events.map((e) => e.name)).toEqual(['clickAddCardLink', 'clickSignOutLink', 'close']);
    expect(events.every((e) => typeof e.detail === 'object' && e.detail !== null)).toBe(true);
  });

  it('switches locale: French and Arabic (right to left)', () => {
    const el = list('display-sign-out display-add-card');
    el.setAttribute('locale', 'fr_FR');
    expect(rootOf(el).getAttribute('lang')).toBe('fr-FR');
    expect(rootOf(el).getAttribute('dir')).toBe('ltr');
    expect(q(el, 'h2').textContent).toBe('Choisissez une carte');
    expect(q(el, '[data-action="sign-out"]').textContent).toBe('Ce ne sont pas vos cartes\u00a0?');
    expect(qa(el, '[role="option"]')[0]?.textContent).toContain('Expiration\u00a0: 12/28');
    el.setAttribute('locale', 'ar_EG');
    expect(rootOf(el).getAttribute('dir')).toBe('rtl');
    expect(rootOf(el).getAttribute('lang')).toBe('ar-EG');
    expect(q(el, 'h2').textContent).toBe('اختر بطاقة');
    expect(q(el, '[data-action="add"]').textContent).toBe('إضافة بطاقة');
    el.setAttribute('locale', 'de_DE');
    expect(q(el, 'h2').textContent).toBe('Choose a card');
  });

  it('keeps the selection when re-rendered and drops it when the card goes away', () => {
    const el = list();
    qa(el, '[role="option"]')[1]?.click();
    el.setAttribute('dark', '');
    expect(qa(el, '[aria-selected="true"]').map((o) => o.dataset.id)).toEqual(['visa-1']);
    el.loadCards([CARDS[0] as MaskedCard]);
    expect(el.selectedCardId).toBeNull();
  });
});
