// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_COMPLIANCE_RESOURCES, type SrcConsent } from './consent.ts';
import { cleanup, mount, q, record, rootOf, shadow } from './test-helpers.ts';

function consent(attributes = ''): SrcConsent {
  return mount<SrcConsent>(`<src-consent ${attributes}></src-consent>`);
}

afterEach(cleanup);

describe('src-consent', () => {
  it('starts unchecked (checkout as guest) with a labelled checkbox', () => {
    const el = consent();
    const box = q<HTMLInputElement>(el, 'input[name="consent"]');
    expect(box.checked).toBe(false);
    expect(box.closest('label')?.textContent).toBe('Save my card with Click to Pay for a faster, secure checkout');
    expect(el.checkoutAsGuest).toBe(true);
    expect(shadow(el).querySelector('input[name="remember-me"]')).toBeNull();
    expect(shadow(el).querySelector('.terms')).toBeNull();
  });

  it('checking emits checkoutAsGuest false with the compliance resources; unchecking true', () => {
    const el = consent();
    const events = record(el, 'checkoutAsGuest');
    q(el, 'input[name="consent"]').click();
    q(el, 'input[name="consent"]').click();
    expect(events.map((e) => e.detail)).toEqual([
      { checkoutAsGuest: false, complianceResources: DEFAULT_COMPLIANCE_RESOURCES },
      { checkoutAsGuest: true },
    ]);
  });

  it('display-remember-me: enabled once consent is given, rememberMe carries the choice', () => {
    const el = consent('display-remember-me');
    const remember = (): HTMLInputElement => q<HTMLInputElement>(el, 'input[name="remember-me"]');
    expect(remember().disabled).toBe(true);
    const events = record(el, 'rememberMe', 'checkoutAsGuest');
    q(el, 'input[name="consent"]').click();
    expect(remember().disabled).toBe(false);
    remember().click();
    expect(events.at(-1)).toMatchObject({ name: 'rememberMe', detail: { rememberMe: true } });
    expect(el.rememberMe).toBe(true);
    // Withdrawing the consent withdraws remember me too.
    q(el, 'input[name="consent"]').click();
    expect(events.slice(-2).map((e) => [e.name, e.detail])).toEqual([
      ['checkoutAsGuest', { checkoutAsGuest: true }],
      ['rememberMe', { rememberMe: false }],
    ]);
  });

  it('dcf-suppressed spells out the terms with links from complianceResources', () => {
    const el = consent('dcf-suppressed');
    el.complianceResources = [
      { complianceType: 'TERMS_AND_CONDITIONS', uri: 'https://example.test/terms' },
      { complianceType: 'PRIVACY_POLICY', uri: 'https://example.test/privacy' },
    ];
    const terms = q(el, '.terms');
    expect(terms.textContent).toBe('By continuing, you agree to the Terms of Use and acknowledge the Privacy Notice.');
    expect(terms.querySelector('a')?.getAttribute('href')).toBe('https://example.test/terms');
    expect(q(el, 'input[name="consent"]').getAttribute('aria-describedby')).toBe('terms');
  });

  it('dark, and locale switching with right to left', () => {
    const el = consent('dark dcf-suppressed display-remember-me');
    expect(rootOf(el).classList.contains('dark')).toBe(true);
    el.setAttribute('locale', 'fr_FR');
    expect(q(el, '.terms').textContent).toContain('Conditions d’utilisation');
    expect(q(el, 'input[name="remember-me"]').closest('label')?.textContent).toContain(
      'Se souvenir de moi sur ce navigateur',
    );
    el.setAttribute('locale', 'ar_EG');
    expect(rootOf(el).getAttribute('dir')).toBe('rtl');
    expect(q(el, '.title').textContent).toBe('احفظ بطاقتك في Click to Pay');
  });
});
