/// <reference lib="dom" />
// Entry of the UI kit bundle (src-ui-kit.esm.js): defines every element once.

import { SrcButton } from './button.ts';
import { SrcCardList } from './card-list.ts';
import { SrcConsent } from './consent.ts';
import { SrcLearnMore } from './learn-more.ts';
import { SrcLoader } from './loader.ts';
import { SrcMark } from './mark.ts';
import { SrcOtpChannelSelection } from './otp-channel-selection.ts';
import { SrcOtpInput } from './otp-input.ts';

export { SrcButton, SrcCardList, SrcConsent, SrcLearnMore, SrcLoader, SrcMark, SrcOtpChannelSelection, SrcOtpInput };
export { LOCALES, resolveLocale } from './i18n.ts';

export const ELEMENTS = {
  'src-card-list': SrcCardList,
  'src-otp-input': SrcOtpInput,
  'src-otp-channel-selection': SrcOtpChannelSelection,
  'src-consent': SrcConsent,
  'src-mark': SrcMark,
  'src-button': SrcButton,
  'src-loader': SrcLoader,
  'src-learn-more': SrcLearnMore,
} as const;

/** Registers the elements that are not registered yet (safe to call twice). */
export function defineElements(registry: CustomElementRegistry | undefined = globalThis.customElements): void {
  if (!registry) return;
  for (const [name, constructor] of Object.entries(ELEMENTS)) {
    if (!registry.get(name)) registry.define(name, constructor);
  }
}

defineElements();
