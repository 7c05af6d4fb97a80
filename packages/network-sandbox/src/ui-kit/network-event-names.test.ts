// @vitest-environment jsdom
// Issue 11, section 3: the UI kit answers with the network kit's event names and channel types.
import { afterEach, describe, expect, it } from 'vitest';
import type { SrcConsent } from './consent.ts';
import type { SrcOtpChannelSelection } from './otp-channel-selection.ts';
import type { SrcOtpInput } from './otp-input.ts';
import { cleanup, mount, q, record, shadow } from './test-helpers.ts';

afterEach(cleanup);

describe('item 3: UI kit event names', () => {
  it('src-otp-input: "Resend code" emits resendOtp', () => {
    const el = mount<SrcOtpInput>('<src-otp-input masked-identity-value="r***@example.com"></src-otp-input>');
    const events = record(el, 'resendOtp', 'resendRequested');
    q(el, '[data-action="resend"]').click();
    expect(events.map((e) => e.name)).toEqual(['resendOtp']);
  });

  it.each([
    ['en_US', 'Learn more'],
    ['fr_FR', 'En savoir plus'],
    ['ar_EG', 'اعرف المزيد'],
  ])('src-consent (%s): a learn-more link that emits learnMore', (locale, label) => {
    const el = mount<SrcConsent>(`<src-consent locale="${locale}"></src-consent>`);
    const events = record(el, 'learnMore');
    const link = q<HTMLButtonElement>(el, '[data-action="learn-more"]');
    expect(link.textContent).toBe(label);
    link.click();
    expect(events).toHaveLength(1);
  });

  it('src-otp-channel-selection labels the SMS channel by the network identityType (SMS)', () => {
    const el = mount<SrcOtpChannelSelection>('<src-otp-channel-selection></src-otp-channel-selection>');
    el.identityValidationChannels = [
      {
        validationChannelId: 'EMAIL_ADDRESS',
        identityProvider: 'SRC',
        identityType: 'EMAIL',
        maskedValidationChannel: 'r***@example.com',
      },
      {
        validationChannelId: 'MOBILE_PHONE_NUMBER',
        identityProvider: 'SRC',
        identityType: 'SMS',
        maskedValidationChannel: '+1 ***-*143',
      },
    ];
    const kinds = [...shadow(el).querySelectorAll('.kind')].map((kind) => kind.textContent);
    expect(kinds).toEqual(['Email', 'Text message']);
  });
});
