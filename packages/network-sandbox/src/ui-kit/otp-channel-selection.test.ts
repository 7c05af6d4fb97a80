// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { SrcOtpChannelSelection } from './otp-channel-selection.ts';
import { CHANNELS, cleanup, mount, q, qa, record, rootOf, shadow } from './test-helpers.ts';

function selection(attributes = ''): SrcOtpChannelSelection {
  const el = mount<SrcOtpChannelSelection>(`<src-otp-channel-selection ${attributes}></src-otp-channel-selection>`);
  el.identityValidationChannels = CHANNELS;
  return el;
}

afterEach(cleanup);

describe('src-otp-channel-selection', () => {
  it('renders the channels as a labelled radio group, the first chosen', () => {
    const el = selection();
    expect(q(el, '[role="radiogroup"]').getAttribute('aria-labelledby')).toBe('title');
    const radios = qa<HTMLInputElement>(el, 'input[type="radio"]');
    expect(radios.map((r) => r.value)).toEqual(['em', 'sms']);
    expect(radios[0]?.checked).toBe(true);
    const labels = qa(el, '.channel');
    expect(labels[0]?.textContent).toBe('Emailr***@example.com');
    expect(labels[1]?.textContent).toBe('Text message+1 (***) ***-*143');
    expect(labels[1]?.querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(el.identityValidationChannels).toEqual(CHANNELS);
    expect(el.selectedChannelId).toBe('em');
  });

  it('accepts the property set before the element is connected', () => {
    const el = document.createElement('div');
    el.innerHTML = '<src-otp-channel-selection></src-otp-channel-selection>';
    const pending = el.firstElementChild as SrcOtpChannelSelection;
    pending.identityValidationChannels = CHANNELS;
    document.body.append(el);
    expect(qa(pending, 'input[type="radio"]')).toHaveLength(2);
    expect(pending.identityValidationChannels).toEqual(CHANNELS);
  });

  it('picking a channel emits selectChannel; Continue emits continue with id and type', () => {
    const el = selection();
    const events = record(el, 'selectChannel', 'continue');
    q<HTMLInputElement>(el, 'input[value="sms"]').click();
    q(el, '[data-action="continue"]').click();
    expect(events.map((e) => [e.name, e.detail])).toEqual([
      ['selectChannel', { validationChannelId: 'sms' }],
      ['continue', { validationChannelId: 'sms', identityType: 'MOBILE_PHONE_NUMBER' }],
    ]);
  });

  it('display-continue-as-guest offers the guest path (identityType GUEST)', () => {
    const el = selection();
    expect(shadow(el).querySelector('[data-action="guest"]')).toBeNull();
    el.setAttribute('display-continue-as-guest', '');
    const events = record(el, 'continue');
    q(el, '[data-action="guest"]').click();
    expect(events[0]?.detail).toEqual({ validationChannelId: null, identityType: 'GUEST' });
  });

  it('display-cancel-option and type="overlay" give Cancel and Close, both emitting close', () => {
    const el = selection('display-cancel-option type="overlay"');
    const events = record(el, 'close');
    q(el, '[data-action="cancel"]').click();
    q(el, '[data-action="close"]').click();
    expect(events).toHaveLength(2);
    expect(q(el, '.panel').getAttribute('role')).toBe('dialog');
    expect(q(el, '[data-action="close"]').getAttribute('aria-label')).toBe('Close');
  });

  it('display-header, card-brands and dark', () => {
    const el = selection('card-brands="visa,discover" dark');
    expect(qa(el, '.header-marks [data-brand]').map((m) => m.dataset.brand)).toEqual(['visa', 'discover']);
    expect(rootOf(el).classList.contains('dark')).toBe(true);
    el.setAttribute('display-header', 'false');
    expect(shadow(el).querySelector('.header')).toBeNull();
  });

  it('without channels, says so and keeps Continue disabled', () => {
    const el = mount<SrcOtpChannelSelection>('<src-otp-channel-selection></src-otp-channel-selection>');
    expect(q(el, 'p.muted').textContent).toBe('No other method is available.');
    expect(q<HTMLButtonElement>(el, '[data-action="continue"]').disabled).toBe(true);
  });

  it('switches locale, right to left in Arabic', () => {
    const el = selection('locale="fr_FR"');
    expect(q(el, 'h2').textContent).toBe('Où souhaitez-vous recevoir votre code\u00a0?');
    expect(qa(el, '.kind').map((k) => k.textContent)).toEqual(['E-mail', 'SMS']);
    el.setAttribute('locale', 'ar_EG');
    expect(rootOf(el).getAttribute('dir')).toBe('rtl');
    expect(qa(el, '.kind').map((k) => k.textContent)).toEqual(['البريد الإلكتروني', 'رسالة نصية']);
    expect(q(el, '[data-action="continue"]').textContent).toBe('متابعة');
  });
});
