import { useEffect } from 'react';
import type { CommonSettings, MerchantCheckoutConfiguration } from '@c2p/domain';
import { withFooterLinks } from '@c2p/domain/live-screen';
import { checkoutConfiguration } from '../../lib/click-to-pay/settings';
import { liveScreenSettings } from '../../lib/screen-settings';

export { liveScreenSettings };

/** The checkout configuration the live tool runs with: the customizations' footer links are its compliance documents. */
export function liveCheckoutConfiguration(): MerchantCheckoutConfiguration {
  return withFooterLinks(checkoutConfiguration(), liveScreenSettings().customizations.footerLinks);
}

/** The merchant's custom style sheet (customizations' CSS URL) on the page while it is shown. */
export function useCustomStyleSheet(): void {
  useEffect(() => {
    const { customCssUrl } = liveScreenSettings().customizations;
    if (!customCssUrl) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = customCssUrl;
    link.dataset.merchantCss = '';
    document.head.append(link);
    return () => link.remove();
  }, []);
}

/** The network's combined look-up and code screen (reference: authenticate), for an email. */
export function authenticateParams(
  email: string,
  windowRef: Window,
  settings: CommonSettings,
): Record<string, unknown> {
  return {
    windowRef,
    accountReference: {
      consumerIdentity: { identityProvider: 'SRC', identityType: 'EMAIL_ADDRESS', identityValue: email },
    },
    ...(settings.requestedRecognitionToken ? { requestRecognitionToken: true } : {}),
  };
}
