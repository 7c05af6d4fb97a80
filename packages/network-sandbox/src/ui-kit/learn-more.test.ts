// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, mount, q, qa, record, rootOf, shadow } from './test-helpers.ts';

afterEach(cleanup);

describe('src-learn-more', () => {
  it('explains Click to Pay in a labelled section with the card brands', () => {
    const el = mount('<src-learn-more card-brands="mastercard,visa"></src-learn-more>');
    expect(q(el, 'section').getAttribute('aria-labelledby')).toBe('title');
    expect(q(el, 'h2').textContent).toBe('About Click to Pay');
    expect(qa(el, 'li')).toHaveLength(3);
    expect(qa(el, '.header-marks [data-brand]').map((m) => m.dataset.brand)).toEqual(['mastercard', 'visa']);
    expect(shadow(el).querySelector('[data-action="ok"]')).toBeNull();
  });

  it('display-ok-button shows OK, which emits close; locale and dark switch', () => {
    const el = mount('<src-learn-more display-ok-button dark></src-learn-more>');
    const events = record(el, 'close');
    q(el, '[data-action="ok"]').click();
    expect(events.map((e) => e.detail)).toEqual([{}]);
    expect(rootOf(el).classList.contains('dark')).toBe(true);
    el.setAttribute('locale', 'ar_EG');
    expect(rootOf(el).getAttribute('dir')).toBe('rtl');
    expect(q(el, 'h2').textContent).toBe('نبذة عن Click to Pay');
    expect(q(el, '[data-action="ok"]').textContent).toBe('حسنًا');
    el.setAttribute('locale', 'fr_FR');
    expect(q(el, 'h2').textContent).toBe('À propos de Click to Pay');
  });
});
