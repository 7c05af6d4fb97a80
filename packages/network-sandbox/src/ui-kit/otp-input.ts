/// <reference lib="dom" />
import { SrcElement, CODE_SCREEN_ATTRIBUTES, esc, ltr } from './base.ts';
import { brandKey, brandSvg } from './brands.ts';
import { format, type Strings } from './i18n.ts';
import type { SupportedValidationChannel } from './types.ts';

export const OTP_LENGTH = 6;

type ErrorKey = keyof Strings['otp']['errors'];

/** The localised text of an `error-reason` code; unknown codes give a generic message. */
export function otpErrorText(t: Strings, reason: string | null): string {
  const code = (reason ?? '').trim().toUpperCase();
  if (!code) return '';
  const aliases: Record<string, ErrorKey> = {
    VALIDATION_DATA_INVALID: 'CODE_INVALID',
    VALIDATION_DATA_EXPIRED: 'CODE_EXPIRED',
  };
  const key = (aliases[code] ?? code) as ErrorKey;
  return t.otp.errors[key] ?? t.otp.errors.DEFAULT;
}

const CSS = `
.digits { display: flex; gap: 8px; justify-content: center; margin-block: 16px 4px; }
.digits input {
  inline-size: 2.6em; block-size: 3.1em; text-align: center; font-size: 1.25em; font-weight: 600;
  border: 1px solid var(--_border); border-radius: 10px; background: var(--_bg); color: var(--_text);
  font-variant-numeric: tabular-nums; padding: 0;
}
.digits input:focus-visible, .digits input:focus { outline: 3px solid var(--_focus); outline-offset: 1px; border-color: var(--_focus); }
.digits input[aria-invalid='true'] { border-color: var(--_error); }
.digits input:disabled { opacity: 0.55; }
.status { display: flex; align-items: center; gap: 10px; justify-content: center; margin-block-start: 10px; color: var(--_muted); }
.status:empty { display: none; }
.status .spinner { --_size: 18px; }
.success { color: var(--_success); font-weight: 600; }
.sent-by { display: flex; align-items: center; gap: 8px; }
.sent-by .brand-mark { block-size: 20px; }
.links { display: flex; flex-wrap: wrap; gap: 6px 16px; align-items: center; margin-block-start: 6px; justify-content: center; }
.links .spinner { --_size: 14px; display: inline-block; vertical-align: middle; }
.actions .btn-primary { flex: 1 1 auto; }
`;

/**
 * `<src-otp-input>`: six single-digit fields for the one-time code.
 * Attributes: `masked-identity-value`, `network-id`, `error-reason`, `error-message` (the merchant's
 * wording of that error, shown instead of the kit's), `type` ("overlay"),
 * `display-cancel-option`, `display-remember-me`, `display-header` (default shown), `disable-elements`,
 * `is-successful`, `hide-loader`, `otp-resend-loading`, `auto-submit`, `card-brands`, `locale`, `dark`.
 * Method: `loadSupportedValidationChannels(channels)`. Events: `otpChanged` (detail: the code so
 * far), `continue` (detail: `{ value, rememberMe }`), `close`, `alternateRequested`
 * (detail: `{ supportedValidationChannels }`), `notYouRequested`, `rememberMe` (detail:
 * `{ rememberMe }`), `resendOtp` (the network kit's name).
 */
export class SrcOtpInput extends SrcElement {
  static observedAttributes = [
    ...CODE_SCREEN_ATTRIBUTES,
    'masked-identity-value',
    'network-id',
    'error-reason',
    'error-message',
    'display-remember-me',
    'disable-elements',
    'is-successful',
    'hide-loader',
    'otp-resend-loading',
    'auto-submit',
  ];

  #digits: string[] = Array.from({ length: OTP_LENGTH }, () => '');
  #channels: SupportedValidationChannel[] = [];
  #submitting = false;
  #rememberMe = false;
  #localError = '';
  #focusAfterRender: number | null = null;

  override attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void {
    if (name === 'error-reason' || name === 'is-successful') {
      // Setting the same error again (a second wrong code) still ends the "checking" state.
      this.#submitting = false;
      this.#localError = '';
      // Only a change after the first render takes the focus (not the markup's initial value).
      if (name === 'error-reason' && newValue && this.ready) this.#focusAfterRender = 0;
      if (this.ready) this.render();
      return;
    }
    if (oldValue === newValue) return;
    if (name === 'disable-elements' && !this.flag('disable-elements')) this.#submitting = false;
    super.attributeChangedCallback(name, oldValue, newValue);
  }

  /** Keeps the channels offered by "Use another method" (`supportedValidationChannels` of initiateValidation). */
  loadSupportedValidationChannels(supportedValidationChannels: SupportedValidationChannel[] | null | undefined): void {
    this.#channels = Array.isArray(supportedValidationChannels) ? [...supportedValidationChannels] : [];
    if (this.ready) this.render();
  }

  get supportedValidationChannels(): SupportedValidationChannel[] {
    return [...this.#channels];
  }

  /** The code typed so far (digits only, up to 6). Setting it fills the fields without events. */
  get value(): string {
    return this.#digits.join('');
  }
  set value(code: string) {
    const digits = String(code ?? '')
      .replace(/\D/g, '')
      .slice(0, OTP_LENGTH);
    this.#digits = Array.from({ length: OTP_LENGTH }, (_, i) => digits[i] ?? '');
    this.#sync();
  }

  /** The "Remember me" checkbox. */
  get rememberMe(): boolean {
    return this.#rememberMe;
  }
  set rememberMe(value: boolean) {
    this.#rememberMe = Boolean(value);
    const box = this.$<HTMLInputElement>('input[name="remember-me"]');
    if (box) box.checked = this.#rememberMe;
  }

  /** Empties the fields and focuses the first one. */
  clear(): void {
    this.value = '';
    this.#inputs()[0]?.focus();
  }

  /** Focuses the first empty field (or the last one). */
  override focus(options?: FocusOptions): void {
    const index = this.#digits.findIndex((d) => d === '');
    this.#inputs()[index === -1 ? OTP_LENGTH - 1 : index]?.focus(options);
  }

  get #disabled(): boolean {
    return this.flag('disable-elements') || this.flag('is-successful') || this.#submitting;
  }

  protected render(): void {
    const t = this.t;
    const focused = this.#inputs().findIndex((input) => input === this.root.activeElement);
    const focusIndex = this.#focusAfterRender ?? (focused >= 0 ? focused : null);
    this.#focusAfterRender = null;

    const overlay = this.getAttribute('type') === 'overlay';
    const masked = this.getAttribute('masked-identity-value');
    const network = brandKey(this.getAttribute('network-id'));
    const successful = this.flag('is-successful');
    const locked = this.flag('disable-elements') || successful;
    // The merchant may word the error itself (`error-message`), so the shopper reads one message, not two.
    const reason = this.getAttribute('error-reason');
    const errorText = this.#localError || (reason ? this.getAttribute('error-message') || otpErrorText(t, reason) : '');
    const invalid = errorText !== '';
    const resendLoading = this.flag('otp-resend-loading');

    const header = this.closableHeader();
    const sentTo = masked ? format(esc(t.otp.sentTo), { value: ltr(masked) }) : esc(t.otp.sentGeneric);
    const sentBy = network
      ? `<p class="muted sent-by">${brandSvg(network)}<span>${esc(format(t.otp.sentBy, { network: t.brands[network] }))}</span></p>`
      : '';
    const inputs = this.#digits
      .map(
        (digit, i) =>
          `<input type="text" inputmode="numeric" pattern="[0-9]*" ` +
          `autocomplete="${i === 0 ? 'one-time-code' : 'off'}" data-index="${i}" value="${esc(digit)}" ` +
          `aria-label="${esc(format(t.otp.digit, { n: String(i + 1) }))}" aria-invalid="${invalid}"` +
          `${this.#disabled ? ' disabled' : ''}>`,
      )
      .join('');
    let status = '';
    if (successful) status = `<span class="success">✓ ${esc(t.otp.success)}</span>`;
    else if (this.#submitting && !this.flag('hide-loader'))
      status = `<span class="spinner" aria-hidden="true"></span><span>${esc(t.otp.verifying)}</span>`;
    const resend = resendLoading
      ? `<button type="button" class="link" data-action="resend" disabled aria-busy="true">` +
        `<span class="spinner" aria-hidden="true"></span> ${esc(t.otp.resending)}</button>`
      : `<button type="button" class="link" data-action="resend"${locked ? ' disabled' : ''}>${esc(t.otp.resend)}</button>`;
    const alternate =
      this.#channels.length > 1
        ? `<button type="button" class="link" data-action="alternate"${locked ? ' disabled' : ''}>${esc(t.otp.alternate)}</button>`
        : '';
    const remember = this.flag('display-remember-me')
      ? `<label class="check"><input type="checkbox" name="remember-me"${this.#rememberMe ? ' checked' : ''}` +
        `${locked ? ' disabled' : ''} aria-describedby="remember-hint"><span>${esc(t.otp.rememberMe)}` +
        `<br><span class="muted" id="remember-hint">${esc(t.otp.rememberMeHint)}</span></span></label>`
      : '';
    const cancel = this.flag('display-cancel-option')
      ? `<button type="button" class="btn btn-secondary" data-action="cancel"${this.flag('disable-elements') ? ' disabled' : ''}>${esc(t.cancel)}</button>`
      : '';

    this.paint(
      CSS,
      `<div class="panel${overlay ? ' overlay' : ''}"${overlay ? ' role="dialog" aria-modal="false" aria-labelledby="title"' : ''}>` +
        `${header}<h2 id="title">${esc(t.otp.title)}</h2>` +
        `<p id="desc">${sentTo} <button type="button" class="link" data-action="not-you"${locked ? ' disabled' : ''}>${esc(t.otp.notYou)}</button></p>` +
        sentBy +
        `<div class="digits" role="group" dir="ltr" aria-labelledby="title" aria-describedby="desc error">${inputs}</div>` +
        `<div class="error" id="error" role="alert" aria-live="assertive">${esc(errorText)}</div>` +
        `<div class="status" role="status" aria-live="polite">${status}</div>` +
        `<div class="links">${resend}${alternate}</div>${remember}` +
        `<div class="actions">${cancel}<button type="button" class="btn btn-primary" data-action="continue">${esc(t.continue)}</button></div>` +
        '</div>',
    );
    this.#bind();
    this.#syncButtons();
    if (focusIndex !== null && !this.#disabled) this.#inputs()[focusIndex]?.focus();
  }

  #inputs(): HTMLInputElement[] {
    return this.$$<HTMLInputElement>('.digits input');
  }

  #bind(): void {
    for (const input of this.#inputs()) {
      const index = Number(input.dataset.index);
      input.addEventListener('keydown', (event) => this.#onKeyDown(event, index));
      input.addEventListener('input', () => this.#onInput(input, index));
      input.addEventListener('paste', (event) => this.#onPaste(event, index));
      input.addEventListener('focus', () => input.select());
    }
    this.$('[data-action="continue"]')?.addEventListener('click', () => this.#submit());
    this.$('[data-action="cancel"]')?.addEventListener('click', () => this.emit('close', {}));
    this.$('[data-action="close"]')?.addEventListener('click', () => this.emit('close', {}));
    this.$('[data-action="not-you"]')?.addEventListener('click', () => this.emit('notYouRequested', {}));
    this.$('[data-action="resend"]')?.addEventListener('click', () => this.emit('resendOtp', {}));
    this.$('[data-action="alternate"]')?.addEventListener('click', () =>
      this.emit('alternateRequested', { supportedValidationChannels: this.supportedValidationChannels }),
    );
    this.$<HTMLInputElement>('input[name="remember-me"]')?.addEventListener('change', (event) => {
      this.#rememberMe = (event.target as HTMLInputElement).checked;
      this.emit('rememberMe', { rememberMe: this.#rememberMe });
    });
  }

  /** Writes the digits into the fields and the Continue button state. */
  #sync(): void {
    this.#inputs().forEach((input, i) => {
      input.value = this.#digits[i] ?? '';
    });
    this.#syncButtons();
  }

  #syncButtons(): void {
    const button = this.$<HTMLButtonElement>('[data-action="continue"]');
    if (button) button.disabled = this.#disabled || this.value.length < OTP_LENGTH;
  }

  #changed(focusIndex: number): void {
    this.#localError = '';
    const error = this.$('.error');
    if (error && !this.getAttribute('error-reason')) error.textContent = '';
    this.#sync();
    this.#inputs()[Math.min(Math.max(focusIndex, 0), OTP_LENGTH - 1)]?.focus();
    this.emit('otpChanged', this.value);
    if (this.value.length === OTP_LENGTH && this.flag('auto-submit')) this.#submit();
  }

  /** Writes `digits` from field `start` on; returns the index of the field after the last one written. */
  #fill(start: number, digits: string): number {
    let index = start;
    for (const digit of digits) {
      if (index >= OTP_LENGTH) break;
      this.#digits[index] = digit;
      index += 1;
    }
    return index;
  }

  #onKeyDown(event: KeyboardEvent, index: number): void {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const { key } = event;
    if (/^[0-9]$/.test(key)) {
      event.preventDefault();
      this.#digits[index] = key;
      this.#changed(index + 1);
      return;
    }
    switch (key) {
      case 'Backspace':
        event.preventDefault();
        if (this.#digits[index]) {
          this.#digits[index] = '';
          this.#changed(index);
        } else if (index > 0) {
          this.#digits[index - 1] = '';
          this.#changed(index - 1);
        }
        return;
      case 'Delete':
        event.preventDefault();
        if (this.#digits[index]) {
          this.#digits[index] = '';
          this.#changed(index);
        }
        return;
      // The fields are always laid out left to right, in every locale.
      case 'ArrowLeft':
        event.preventDefault();
        this.#inputs()[Math.max(index - 1, 0)]?.focus();
        return;
      case 'ArrowRight':
        event.preventDefault();
        this.#inputs()[Math.min(index + 1, OTP_LENGTH - 1)]?.focus();
        return;
      case 'Home':
        event.preventDefault();
        this.#inputs()[0]?.focus();
        return;
      case 'End':
        event.preventDefault();
        this.#inputs()[OTP_LENGTH - 1]?.focus();
        return;
      case 'Enter':
        event.preventDefault();
        this.#submit();
        return;
      default:
        // Any other printable character is refused; Tab and the like keep their meaning.
        if (key.length === 1) event.preventDefault();
    }
  }

  /** Typing on a phone, autofill of the whole code, or anything keydown did not catch. */
  #onInput(input: HTMLInputElement, index: number): void {
    const digits = input.value.replace(/\D/g, '');
    if (digits.length === 0) {
      this.#digits[index] = '';
      this.#changed(index);
    } else if (digits.length >= OTP_LENGTH) {
      this.#fill(0, digits);
      this.#changed(OTP_LENGTH - 1);
    } else if (digits.length === 1) {
      this.#digits[index] = digits;
      this.#changed(index + 1);
    } else {
      // The field held a digit and one more was typed: keep the new one (the last), move on.
      const next = this.#fill(index, digits.length === 2 && this.#digits[index] ? digits.slice(-1) : digits);
      this.#changed(next);
    }
  }

  #onPaste(event: ClipboardEvent, index: number): void {
    event.preventDefault();
    const text = event.clipboardData?.getData('text') ?? '';
    const digits = text.replace(/\D/g, '');
    if (!digits || this.#disabled) return;
    const next = this.#fill(digits.length >= OTP_LENGTH ? 0 : index, digits);
    this.#changed(next);
  }

  #submit(): void {
    if (this.#disabled) return;
    if (this.value.length < OTP_LENGTH) {
      this.#localError = this.t.otp.errors.VALIDATION_DATA_MISSING;
      const error = this.$('.error');
      if (error) error.textContent = this.#localError;
      this.#inputs().forEach((input) => input.setAttribute('aria-invalid', 'true'));
      this.focus();
      return;
    }
    this.#submitting = true;
    this.render();
    this.emit('continue', { value: this.value, rememberMe: this.#rememberMe });
  }
}
