// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { SrcButton } from './button.ts';
import { heightForWidth } from './mark.ts';
import { cleanup, mount, q, qa, record, rootOf } from './test-helpers.ts';

afterEach(cleanup);

describe('src-mark', () => {
  it('shows the Click to Pay mark and the card brands with one accessible label', () => {
    const el = mount('<src-mark card-brands="mastercard,visa,amex,discover"></src-mark>');
    const mark = q(el, '[role="img"]');
    expect(mark.getAttribute('aria-label')).toBe('Click to Pay with Mastercard, Visa, American Express, Discover');
    expect(mark.getAttribute('dir')).toBe('ltr');
    expect(qa(el, '[data-brand]').map((m) => m.dataset.brand)).toEqual(['mastercard', 'visa', 'amex', 'discover']);
    expect(qa(el, 'svg').every((s) => s.getAttribute('aria-hidden') === 'true')).toBe(true);
  });

  it('draws the Mastercard mark as two circles and their overlap', () => {
    const el = mount('<src-mark card-brands="mastercard"></src-mark>');
    const svg = q(el, '[data-brand="mastercard"]');
    expect(Array.from(svg.querySelectorAll('circle')).map((c) => c.getAttribute('fill'))).toEqual([
      '#eb001b',
      '#f79e1b',
    ]);
    expect(svg.querySelector('path')?.getAttribute('fill')).toBe('#ff5f00');
  });

  it('height and width size it; unknown brands are skipped, none gives the default list', () => {
    const el = mount('<src-mark card-brands="visa,unknown" height="40"></src-mark>');
    expect(q(el, '.mark').getAttribute('style')).toBe('--_h:40px');
    expect(qa(el, '[data-brand]')).toHaveLength(1);
    el.setAttribute('width', '200');
    expect(q(el, '.mark').getAttribute('style')).toBe(`--_h:${heightForWidth(200, 1)}px`);
    el.setAttribute('card-brands', '');
    expect(qa(el, '[data-brand]').map((m) => m.dataset.brand)).toEqual(['mastercard', 'visa', 'amex', 'discover']);
  });

  it('localises its label (French and Arabic)', () => {
    const el = mount('<src-mark card-brands="mastercard,visa" locale="fr_FR"></src-mark>');
    expect(q(el, '[role="img"]').getAttribute('aria-label')).toBe('Click to Pay avec\u00a0: Mastercard, Visa');
    el.setAttribute('locale', 'ar_EG');
    expect(q(el, '[role="img"]').getAttribute('aria-label')).toBe('Click to Pay مع ماستركارد، فيزا');
    expect(rootOf(el).getAttribute('dir')).toBe('rtl');
  });
});

describe('src-button', () => {
  it('is a native button without a text label but with a localised accessible name', () => {
    const el = mount<SrcButton>('<src-button card-brands="mastercard,visa"></src-button>');
    const button = q<HTMLButtonElement>(el, 'button');
    expect(button.type).toBe('button');
    expect(button.textContent?.replace(/VISA|Click to Pay/g, '').trim()).toBe('');
    expect(button.getAttribute('aria-label')).toBe('Pay with Click to Pay');
    el.setAttribute('locale', 'ar_EG');
    expect(q(el, 'button').getAttribute('aria-label')).toBe('الدفع باستخدام Click to Pay');
    el.locale = 'fr_FR';
    expect(q(el, 'button').getAttribute('aria-label')).toBe('Payer avec Click to Pay');
  });

  it('the native click bubbles out of the shadow root; no custom event', () => {
    const el = mount<SrcButton>('<src-button></src-button>');
    const events = record(el, 'click');
    q(el, 'button').click();
    expect(events).toHaveLength(1);
    expect(events[0]?.event.composed).toBe(true);
  });

  it('has the properties card-brands, locale, dark, theme, width and height', () => {
    const el = mount<SrcButton>('<src-button></src-button>');
    el.cardBrands = ['visa', 'amex'];
    expect(el.getAttribute('card-brands')).toBe('visa,amex');
    expect(qa(el, '[data-brand]').map((m) => m.dataset.brand)).toEqual(['visa', 'amex']);
    el.width = 300;
    el.height = 40;
    expect(el.style.getPropertyValue('inline-size')).toBe('300px');
    expect(q(el, 'button').getAttribute('style')).toBe('--_bh:40px');
    expect(el.width).toBe(300);
    el.width = undefined;
    expect(el.style.getPropertyValue('inline-size')).toBe('');
    el.dark = true;
    expect(rootOf(el).classList.contains('dark')).toBe(true);
    expect(el.theme).toBe('dark');
    el.dark = false;
    el.theme = 'dark';
    expect(rootOf(el).classList.contains('dark')).toBe(true);
    el.theme = 'light';
    expect(rootOf(el).classList.contains('dark')).toBe(false);
  });
});

describe('src-loader', () => {
  it('is a status announced as loading, sized by size', () => {
    const el = mount('<src-loader size="large"></src-loader>');
    expect(q(el, '[role="status"]').textContent).toBe('Loading');
    expect(q(el, '.spinner').getAttribute('style')).toBe('--_size:48px');
    el.setAttribute('size', '24');
    expect(q(el, '.spinner').getAttribute('style')).toBe('--_size:24px');
    el.setAttribute('size', 'small');
    expect(q(el, '.spinner').getAttribute('style')).toBe('--_size:20px');
  });

  it('dark and locale', () => {
    const el = mount('<src-loader dark locale="ar_EG"></src-loader>');
    expect(rootOf(el).classList.contains('dark')).toBe(true);
    expect(rootOf(el).getAttribute('dir')).toBe('rtl');
    expect(q(el, '[role="status"]').textContent).toBe('جارٍ التحميل');
    el.setAttribute('locale', 'fr_FR');
    expect(q(el, '[role="status"]').textContent).toBe('Chargement');
  });
});
