// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { SrcOtpInput } from './otp-input.ts';
import { CHANNELS, cleanup, key, mount, paste, q, qa, record, rootOf, shadow } from './test-helpers.ts';

function otp(attributes = ''): SrcOtpInput {
  return mount<SrcOtpInput>(`<src-otp-input ${attributes}></src-otp-input>`);
}

function fields(el: SrcOtpInput): HTMLInputElement[] {
  return qa<HTMLInputElement>(el, '.digits input');
}

function type(el: SrcOtpInput, digits: string): void {
  for (const digit of digits) {
    const active = shadow(el).activeElement ?? fields(el)[0];
    key(active as HTMLElement, digit);
  }
}

afterEach(cleanup);

describe('src-otp-input', () => {
  it('renders six labelled single-digit fields in a left-to-right group', () => {
    const el = otp('masked-identity-value="r***@example.com"');
    const inputs = fields(el);
    expect(inputs).toHaveLength(6);
    expect(inputs.map((i) => i.getAttribute('aria-label'))).toEqual([
      'Digit 1 of 6',
      'Digit 2 of 6',
      'Digit 3 of 6',
      'Digit 4 of 6',
      'Digit 5 of 6',
      'Digit 6 of 6',
    ]);
    expect(inputs[0]?.getAttribute('autocomplete')).toBe('one-time-code');
    expect(inputs[0]?.getAttribute('inputmode')).toBe('numeric');
    const group = q(el, '.digits');
    expect(group.getAttribute('role')).toBe('group');
    expect(group.getAttribute('dir')).toBe('ltr');
    expect(group.getAttribute('aria-describedby')).toBe('desc error');
    expect(q(el, '#desc').textContent).toContain('We sent a 6-digit code to r***@example.com.');
    expect(q(el, '#desc bdi').getAttribute('dir')).toBe('ltr');
    expect(q<HTMLButtonElement>(el, '[data-action="continue"]').disabled).toBe(true);
  });

  it('typing auto-advances and emits otpChanged with the code so far', () => {
    const el = otp();
    const events = record(el, 'otpChanged');
    fields(el)[0]?.focus();
    type(el, '123');
    expect(events.map((e) => e.detail)).toEqual(['1', '12', '123']);
    expect(shadow(el).activeElement).toBe(fields(el)[3]);
    expect(el.value).toBe('123');
    expect(fields(el).map((i) => i.value)).toEqual(['1', '2', '3', '', '', '']);
  });

  it('refuses letters, goes back with Backspace and moves with arrows, Home and End', () => {
    const el = otp();
    fields(el)[0]?.focus();
    type(el, '12');
    const letter = key(fields(el)[2] as HTMLElement, 'a');
    expect(letter.defaultPrevented).toBe(true);
    expect(el.value).toBe('12');
    key(fields(el)[2] as HTMLElement, 'Backspace');
    expect(el.value).toBe('1');
    expect(shadow(el).activeElement).toBe(fields(el)[1]);
    key(fields(el)[1] as HTMLElement, 'ArrowLeft');
    expect(shadow(el).activeElement).toBe(fields(el)[0]);
    key(fields(el)[0] as HTMLElement, 'Backspace');
    expect(el.value).toBe('');
    key(fields(el)[0] as HTMLElement, 'End');
    expect(shadow(el).activeElement).toBe(fields(el)[5]);
    key(fields(el)[5] as HTMLElement, 'Home');
    expect(shadow(el).activeElement).toBe(fields(el)[0]);
    key(fields(el)[0] as HTMLElement, 'ArrowRight');
    expect(shadow(el).activeElement).toBe(fields(el)[1]);
  });

  it('arrow keys keep their left-to-right meaning in Arabic', () => {
    const el = otp('locale="ar_EG"');
    fields(el)[2]?.focus();
    key(fields(el)[2] as HTMLElement, 'ArrowRight');
    expect(shadow(el).activeElement).toBe(fields(el)[3]);
  });

  it('pasting a full code fills every field', () => {
    const el = otp();
    const events = record(el, 'otpChanged');
    const event = paste(fields(el)[3] as HTMLElement, ' 12-34 56 ');
    expect(event.defaultPrevented).toBe(true);
    expect(el.value).toBe('123456');
    expect(events.at(-1)?.detail).toBe('123456');
    expect(q<HTMLButtonElement>(el, '[data-action="continue"]').disabled).toBe(false);
  });

  it('pasting part of a code fills from the field pasted into', () => {
    const el = otp();
    paste(fields(el)[2] as HTMLElement, '78');
    expect(fields(el).map((i) => i.value)).toEqual(['', '', '7', '8', '', '']);
    expect(shadow(el).activeElement).toBe(fields(el)[4]);
  });

  it('input events (phone keyboards, autofill) are handled too', () => {
    const el = otp();
    const first = fields(el)[0] as HTMLInputElement;
    first.value = '654321';
    first.dispatchEvent(new Event('input', { bubbles: true }));
    expect(el.value).toBe('654321');
    const third = fields(el)[2] as HTMLInputElement;
    third.value = '49';
    third.dispatchEvent(new Event('input', { bubbles: true }));
    expect(el.value).toBe('659321');
  });

  it('Continue emits continue with the code; Enter too; a short code shows an error instead', () => {
    const el = otp('display-remember-me');
    const events = record(el, 'continue');
    fields(el)[0]?.focus();
    type(el, '12345');
    key(fields(el)[5] as HTMLElement, 'Enter');
    expect(events).toHaveLength(0);
    expect(q(el, '.error').textContent).toBe('Enter the 6-digit code.');
    expect(q(el, '.error').getAttribute('aria-live')).toBe('assertive');
    expect(fields(el)[0]?.getAttribute('aria-invalid')).toBe('true');
    type(el, '6');
    q(el, 'input[name="remember-me"]').click();
    q(el, '[data-action="continue"]').click();
    expect(events.map((e) => e.detail)).toEqual([{ value: '123456', rememberMe: true }]);
    expect(q(el, '.status').textContent).toBe('Checking your code…');
    expect(fields(el).every((i) => i.disabled)).toBe(true);
  });

  it('auto-submit emits continue as soon as six digits are typed', () => {
    const el = otp('auto-submit');
    const events = record(el, 'continue');
    fields(el)[0]?.focus();
    type(el, '123456');
    expect(events).toHaveLength(1);
    expect((events[0]?.detail as { value: string }).value).toBe('123456');
  });

  it('hide-loader hides the checking state', () => {
    const el = otp('hide-loader');
    el.value = '123456';
    q(el, '[data-action="continue"]').click();
    expect(q(el, '.status').textContent).toBe('');
  });

  it("error-message words the error-reason's text instead of the kit (one message, the merchant's)", () => {
    const el = otp();
    el.setAttribute('error-message', 'The supplied OTP value was invalid. Try again');
    expect(q(el, '.error').textContent).toBe('');
    el.setAttribute('error-reason', 'CODE_INVALID');
    expect(q(el, '[role="alert"]').textContent).toBe('The supplied OTP value was invalid. Try again');
    el.removeAttribute('error-message');
    el.setAttribute('error-reason', 'CODE_INVALID');
    expect(q(el, '.error').textContent).toBe('That code is not right. Check it and try again.');
  });

  it('error-reason shows localised text in an alert and ends the checking state', () => {
    const el = otp();
    el.value = '111111';
    q(el, '[data-action="continue"]').click();
    el.setAttribute('error-reason', 'CODE_INVALID');
    expect(q(el, '[role="alert"]').textContent).toBe('That code is not right. Check it and try again.');
    expect(fields(el).every((i) => i.getAttribute('aria-invalid') === 'true')).toBe(true);
    expect(fields(el).every((i) => !i.disabled)).toBe(true);
    expect(shadow(el).activeElement).toBe(fields(el)[0]);
    el.setAttribute('error-reason', 'RETRIES_EXCEEDED');
    expect(q(el, '.error').textContent).toBe('Too many attempts. Ask for a new code or try again later.');
    el.setAttribute('error-reason', 'VALIDATION_DATA_EXPIRED');
    expect(q(el, '.error').textContent).toBe('This code has expired. Ask for a new one.');
    el.setAttribute('error-reason', 'SOMETHING_ELSE');
    expect(q(el, '.error').textContent).toBe('Something went wrong. Please try again.');
    el.setAttribute('locale', 'fr_FR');
    el.setAttribute('error-reason', 'CODE_INVALID');
    expect(q(el, '.error').textContent).toBe('Ce code est incorrect. Vérifiez-le et réessayez.');
    el.removeAttribute('error-reason');
    expect(q(el, '.error').textContent).toBe('');
    expect(fields(el)[0]?.getAttribute('aria-invalid')).toBe('false');
  });

  it('an error-reason in the markup does not take the focus on load', () => {
    const el = otp('masked-identity-value="a@b.c" error-reason="CODE_INVALID"');
    expect(shadow(el).activeElement).toBeNull();
    expect(q(el, '.error').textContent).toBe('That code is not right. Check it and try again.');
  });

  it('setting the same error again after a second attempt re-enables the fields', () => {
    const el = otp('error-reason="CODE_INVALID"');
    el.value = '222222';
    q(el, '[data-action="continue"]').click();
    expect(fields(el)[0]?.disabled).toBe(true);
    el.setAttribute('error-reason', 'CODE_INVALID');
    expect(fields(el)[0]?.disabled).toBe(false);
  });

  it('disable-elements and is-successful disable the form', () => {
    const el = otp('display-cancel-option');
    el.setAttribute('disable-elements', '');
    expect(fields(el).every((i) => i.disabled)).toBe(true);
    expect(q<HTMLButtonElement>(el, '[data-action="cancel"]').disabled).toBe(true);
    el.setAttribute('disable-elements', 'false');
    expect(fields(el).every((i) => !i.disabled)).toBe(true);
    el.setAttribute('is-successful', '');
    expect(fields(el).every((i) => i.disabled)).toBe(true);
    expect(q(el, '.status').textContent).toContain('Code confirmed');
  });

  it('otp-resend-loading shows the resend in progress; resend, not you and close emit events', () => {
    const el = otp('type="overlay" display-cancel-option');
    const events = record(el, 'resendOtp', 'notYouRequested', 'close');
    q(el, '[data-action="resend"]').click();
    q(el, '[data-action="not-you"]').click();
    q(el, '[data-action="close"]').click();
    q(el, '[data-action="cancel"]').click();
    expect(events.map((e) => e.name)).toEqual(['resendOtp', 'notYouRequested', 'close', 'close']);
    expect(q(el, '.panel').getAttribute('role')).toBe('dialog');
    el.setAttribute('otp-resend-loading', '');
    const resend = q<HTMLButtonElement>(el, '[data-action="resend"]');
    expect(resend.disabled).toBe(true);
    expect(resend.textContent).toContain('Sending a new code…');
  });

  it('loadSupportedValidationChannels offers another method and alternateRequested carries them', () => {
    const el = otp();
    expect(shadow(el).querySelector('[data-action="alternate"]')).toBeNull();
    el.loadSupportedValidationChannels(CHANNELS);
    const events = record(el, 'alternateRequested');
    q(el, '[data-action="alternate"]').click();
    expect(events[0]?.detail).toEqual({ supportedValidationChannels: CHANNELS });
  });

  it('display-remember-me shows the checkbox; rememberMe carries the choice', () => {
    const el = otp();
    expect(shadow(el).querySelector('input[name="remember-me"]')).toBeNull();
    el.setAttribute('display-remember-me', '');
    const events = record(el, 'rememberMe');
    const box = q<HTMLInputElement>(el, 'input[name="remember-me"]');
    box.click();
    box.click();
    expect(events.map((e) => e.detail)).toEqual([{ rememberMe: true }, { rememberMe: false }]);
  });

  it('network-id, card-brands, display-header and dark', () => {
    const el = otp('network-id="visa" card-brands="mastercard" dark');
    expect(q(el, '.sent-by span').textContent).toBe('Sent by Visa');
    expect(q(el, '.sent-by [data-brand]').dataset.brand).toBe('visa');
    expect(qa(el, '.header-marks [data-brand]').map((m) => m.dataset.brand)).toEqual(['mastercard']);
    expect(rootOf(el).classList.contains('dark')).toBe(true);
    el.setAttribute('display-header', 'false');
    expect(shadow(el).querySelector('.header')).toBeNull();
    el.removeAttribute('dark');
    el.setAttribute('theme', 'dark');
    expect(rootOf(el).classList.contains('dark')).toBe(true);
  });

  it('switches locale; Arabic is right to left while the code stays left to right', () => {
    const el = otp('masked-identity-value="+1 ***-*143"');
    el.setAttribute('locale', 'fr_FR');
    expect(q(el, 'h2').textContent).toBe('Saisissez votre code');
    expect(q(el, '[data-action="not-you"]').textContent).toBe('Ce n’est pas vous\u00a0?');
    expect(fields(el)[0]?.getAttribute('aria-label')).toBe('Chiffre 1 sur 6');
    el.setAttribute('locale', 'ar_EG');
    expect(rootOf(el).getAttribute('dir')).toBe('rtl');
    expect(q(el, 'h2').textContent).toBe('أدخل الرمز');
    expect(q(el, '.digits').getAttribute('dir')).toBe('ltr');
    expect(q(el, '#desc bdi').textContent).toBe('+1 ***-*143');
  });

  it('keeps typed digits across re-renders and clear() empties them', () => {
    const el = otp();
    el.value = '12ab34';
    expect(el.value).toBe('1234');
    el.setAttribute('locale', 'fr_FR');
    expect(
      fields(el)
        .map((i) => i.value)
        .join(''),
    ).toBe('1234');
    el.clear();
    expect(el.value).toBe('');
    expect(shadow(el).activeElement).toBe(fields(el)[0]);
  });
});
