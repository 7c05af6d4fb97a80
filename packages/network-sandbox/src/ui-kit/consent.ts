/// <reference lib="dom" />
import { SrcElement, COMMON_ATTRIBUTES, esc } from './base.ts';
import { clickToPaySvg } from './brands.ts';
import { format } from './i18n.ts';
import type { ComplianceResource } from './types.ts';

/** The network's published terms and privacy notice (reference section 4.6). */
export const DEFAULT_COMPLIANCE_RESOURCES: ComplianceResource[] = [
  {
    complianceType: 'TERMS_AND_CONDITIONS',
    uri: 'https://www.mastercard.com/global/click-to-pay/country-listing/terms.html',
  },
  {
    complianceType: 'PRIVACY_POLICY',
    uri: 'https://www.mastercard.com/global/click-to-pay/country-listing/privacy.html',
  },
];

const CSS = `
.consent { display: grid; gap: 4px; }
.title { display: flex; align-items: center; gap: 10px; font-weight: 600; margin-block-end: 4px; }
.title .c2p-mark { block-size: 22px; }
.check { margin-block-start: 4px; }
.terms { margin-block: 8px 0; }
.terms a { color: var(--_focus); }
.remember { padding-inline-start: 30px; }
.learn-more { justify-self: start; }
`;

/**
 * `<src-consent>`: the consent to save the card with Click to Pay (unchecked means checkout as a
 * guest), the terms and privacy links, and optionally "Remember me".
 * Attributes: `locale`, `dcf-suppressed`, `display-remember-me`, `dark`.
 * Property: `complianceResources` (links shown and sent back). Events: `checkoutAsGuest` (detail:
 * `{ checkoutAsGuest, complianceResources }`), `rememberMe` (detail: `{ rememberMe }`), `learnMore`
 * (the "Learn more" link: show `<src-learn-more>`).
 */
export class SrcConsent extends SrcElement {
  static observedAttributes = [...COMMON_ATTRIBUTES, 'dcf-suppressed', 'display-remember-me'];

  #consent = false;
  #rememberMe = false;
  #resources: ComplianceResource[] = DEFAULT_COMPLIANCE_RESOURCES.map((r) => ({ ...r }));

  override connectedCallback(): void {
    for (const name of ['complianceResources', 'checkoutAsGuest', 'rememberMe']) this.upgradeProperty(name);
    super.connectedCallback();
  }

  /** True while the "save my card" box is unchecked (the default). */
  get checkoutAsGuest(): boolean {
    return !this.#consent;
  }
  set checkoutAsGuest(value: boolean) {
    this.#consent = !value;
    if (!this.#consent) this.#rememberMe = false;
    if (this.ready) this.render();
  }

  get rememberMe(): boolean {
    return this.#rememberMe;
  }
  set rememberMe(value: boolean) {
    this.#rememberMe = Boolean(value) && this.#consent;
    if (this.ready) this.render();
  }

  /** Terms and privacy resources: the links shown, sent back when the consumer consents. */
  get complianceResources(): ComplianceResource[] {
    return this.#resources.map((r) => ({ ...r }));
  }
  set complianceResources(resources: ComplianceResource[] | null | undefined) {
    this.#resources = Array.isArray(resources) && resources.length > 0 ? resources.map((r) => ({ ...r })) : [];
    if (this.#resources.length === 0) this.#resources = DEFAULT_COMPLIANCE_RESOURCES.map((r) => ({ ...r }));
    if (this.ready) this.render();
  }

  #detail(): { checkoutAsGuest: boolean; complianceResources?: ComplianceResource[] } {
    if (!this.#consent) return { checkoutAsGuest: true };
    const resources = this.complianceResources;
    return { checkoutAsGuest: false, complianceResources: resources };
  }

  protected render(): void {
    const t = this.t;
    const focusedName = (this.root.activeElement as HTMLInputElement | null)?.name ?? null;
    const link = (type: string, label: string): string => {
      const uri = this.#resources.find((r) => r.complianceType === type)?.uri ?? '#';
      return `<a href="${esc(uri)}" target="_blank" rel="noopener noreferrer">${esc(label)}</a>`;
    };
    const terms = format(esc(t.consent.terms), {
      terms: link('TERMS_AND_CONDITIONS', t.consent.termsLink),
      privacy: link('PRIVACY_POLICY', t.consent.privacyLink),
    });
    // Without the DCF the consumer never sees the network's screen, so the terms are spelled out here.
    const termsText = this.flag('dcf-suppressed') ? `<p class="terms muted" id="terms">${terms}</p>` : '';
    const remember = this.flag('display-remember-me')
      ? `<label class="check remember"><input type="checkbox" name="remember-me"` +
        `${this.#rememberMe ? ' checked' : ''}${this.#consent ? '' : ' disabled'} aria-describedby="remember-hint">` +
        `<span>${esc(t.consent.rememberMe)}<br><span class="muted" id="remember-hint">${esc(t.consent.rememberMeHint)}</span></span></label>`
      : '';
    this.paint(
      CSS,
      `<div class="consent"><div class="title" id="title"><span dir="ltr" aria-hidden="true">${clickToPaySvg(false)}</span>` +
        `<span>${esc(t.consent.title)}</span></div>` +
        `<label class="check"><input type="checkbox" name="consent"${this.#consent ? ' checked' : ''}` +
        `${termsText ? ' aria-describedby="terms"' : ''}><span>${esc(t.consent.label)}</span></label>` +
        `${remember}${termsText}` +
        `<button type="button" class="link learn-more" data-action="learn-more">${esc(t.consent.learnMoreLink)}</button></div>`,
      ['transparent'],
    );
    this.$<HTMLInputElement>('input[name="consent"]')?.addEventListener('change', (event) => {
      this.#consent = (event.target as HTMLInputElement).checked;
      const hadRemember = this.#rememberMe;
      if (!this.#consent) this.#rememberMe = false;
      this.render();
      this.emit('checkoutAsGuest', this.#detail());
      if (hadRemember && !this.#rememberMe) this.emit('rememberMe', { rememberMe: false });
    });
    this.$<HTMLInputElement>('input[name="remember-me"]')?.addEventListener('change', (event) => {
      this.#rememberMe = (event.target as HTMLInputElement).checked;
      this.emit('rememberMe', { rememberMe: this.#rememberMe });
    });
    this.$('[data-action="learn-more"]')?.addEventListener('click', () => this.emit('learnMore', {}));
    if (focusedName) this.$<HTMLInputElement>(`input[name="${focusedName}"]`)?.focus();
  }
}
