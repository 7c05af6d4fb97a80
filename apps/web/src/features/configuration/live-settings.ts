import { useEffect } from 'react';
import type { CommonSettings } from '@c2p/domain';
// SCREEN_CONFIG_KEY of @c2p/domain/configuration, not imported: that module (its zod schema) stays with the screen.
const SCREEN_CONFIG_KEY = 'configurationJson';

/**
 * What the live tool takes from the configuration screen beyond the checkout configuration and
 * common settings: kept small, as the payment step loads it.
 */
interface LiveScreenSettings {
  customCssUrl: string;
  buttonTheme: 'light' | 'dark';
}

export function liveScreenSettings(): LiveScreenSettings {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(SCREEN_CONFIG_KEY) ?? 'null') as {
      customizations?: Partial<LiveScreenSettings>;
    } | null;
    const c = parsed?.customizations ?? {};
    return {
      customCssUrl: typeof c.customCssUrl === 'string' && /\.css(\?|#|$)/i.test(c.customCssUrl) ? c.customCssUrl : '',
      buttonTheme: c.buttonTheme === 'dark' ? 'dark' : 'light',
    };
  } catch {
    return { customCssUrl: '', buttonTheme: 'light' };
  }
}

/** The merchant's custom style sheet (customizations' CSS URL) on the page while it is shown. */
export function useCustomStyleSheet(): void {
  useEffect(() => {
    const { customCssUrl } = liveScreenSettings();
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
