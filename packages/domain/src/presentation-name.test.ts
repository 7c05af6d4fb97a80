import { describe, expect, it } from 'vitest';
import { defaultConfigurationBundle, withPresentationNameFollowing } from './configuration-validation.ts';
import { liveInitParams } from './live-screen.ts';
import { defaultCommonSettings } from './merchant-config.ts';

type Bundle = ReturnType<typeof defaultConfigurationBundle>;

const named = (bundle: Bundle, dpaName: string, presentationName: string): Bundle => ({
  ...bundle,
  checkout: { ...bundle.checkout, dpaData: { ...bundle.checkout.dpaData, dpaName } },
  screen: { ...bundle.screen, transaction: { ...bundle.screen.transaction, presentationName } },
});

/** The merchant the network's windows show: the presentation name init sends, else the DPA name. */
const shownMerchant = (bundle: Bundle) => {
  const params = liveInitParams(bundle.checkout, defaultCommonSettings(), { iso: 'en_US' }, bundle.screen);
  const dpaData = params.dpaData as { dpaName: string; dpaPresentationName?: string };
  return dpaData.dpaPresentationName ?? dpaData.dpaName;
};

// Issue 38 item 9: what the help says of the DPA name is what the network's window shows.
describe('the DPA name and the presentation name', () => {
  it('a new configuration shows its DPA name: the presentation name is empty', () => {
    const bundle = defaultConfigurationBundle();
    expect(bundle.screen.transaction.presentationName).toBe('');
    expect(shownMerchant(named(bundle, 'Acme Shoes', ''))).toBe('Acme Shoes');
  });

  it('renaming the DPA empties a presentation name that only repeated the old one', () => {
    const before = named(defaultConfigurationBundle(), 'Click to Pay Demo', 'Click to Pay Demo');
    const after = withPresentationNameFollowing(before, named(before, 'Acme Shoes', 'Click to Pay Demo'));
    expect(after.screen.transaction.presentationName).toBe('');
    expect(shownMerchant(after)).toBe('Acme Shoes');
  });

  it('keeps a presentation name of its own, and the windows show it', () => {
    const before = named(defaultConfigurationBundle(), 'Click to Pay Demo', 'Acme on the web');
    const after = withPresentationNameFollowing(before, named(before, 'Acme Shoes', 'Acme on the web'));
    expect(after.screen.transaction.presentationName).toBe('Acme on the web');
    expect(shownMerchant(after)).toBe('Acme on the web');
  });
});
