import { CHECKOUT_CONFIG_VERSION, isLocaleCode } from '@c2p/domain';
import type { FooterLinkOption, LiveScreenOptions } from '@c2p/domain/live-screen';

/** The configuration screen's own settings key (SCREEN_CONFIG_KEY of @c2p/domain/configuration, whose schema stays with the screen). */
const SCREEN_CONFIG_KEY = 'configurationJson';

/**
 * What the shopper pages use of the configuration screen's settings (`configurationJson`, versioned
 * like the checkout configuration): the SDK's extra init fields, the customizations and developer
 * mode. Read without the screen's schema, so that the shopper pages stay small; each value is
 * checked for its type here, and an absent, unreadable or older copy gives the built-in behaviour.
 */
export interface LiveScreenSettings extends LiveScreenOptions {
  customizations: {
    customCssUrl: string;
    buttonTheme: 'light' | 'dark';
    popupUrl: string;
    aggregatorSdkUrl: string;
    /** Empty when no saved configuration names one. */
    language: string;
    footerLinks: FooterLinkOption[];
  };
  developerMode: boolean;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const isHttpUrl = (value: string) => /^(https?:\/\/|\/(?!\/))\S*$/i.test(value);

export function liveScreenSettings(): LiveScreenSettings {
  let parsed: Record<string, unknown> | null = null;
  try {
    const stored = JSON.parse(window.localStorage.getItem(SCREEN_CONFIG_KEY) ?? 'null') as unknown;
    if (
      stored &&
      typeof stored === 'object' &&
      (stored as { lastUpdated?: unknown }).lastUpdated === CHECKOUT_CONFIG_VERSION
    ) {
      parsed = stored as Record<string, unknown>;
    }
  } catch {
    parsed = null;
  }
  const c = (parsed?.customizations ?? {}) as Record<string, unknown>;
  const css = text(c.customCssUrl);
  const links = Array.isArray(c.footerLinks) ? (c.footerLinks as unknown[]) : [];
  const object = (value: unknown) => (value && typeof value === 'object' ? value : undefined);
  return {
    srcNetworks: Array.isArray(parsed?.srcNetworks) ? (parsed.srcNetworks as LiveScreenOptions['srcNetworks']) : [],
    transaction: object(parsed?.transaction) as LiveScreenOptions['transaction'],
    authenticationPreferences: object(
      parsed?.authenticationPreferences,
    ) as LiveScreenOptions['authenticationPreferences'],
    customizations: {
      customCssUrl: isHttpUrl(css) && /\.css(\?|#|$)/i.test(css) ? css : '',
      buttonTheme: c.buttonTheme === 'dark' ? 'dark' : 'light',
      popupUrl: isHttpUrl(text(c.popupUrl)) ? text(c.popupUrl) : '',
      aggregatorSdkUrl: isHttpUrl(text(c.aggregatorSdkUrl)) ? text(c.aggregatorSdkUrl) : '',
      language: isLocaleCode(text(c.language)) ? text(c.language) : '',
      footerLinks: links.filter(
        (link): link is FooterLinkOption =>
          !!link &&
          typeof link === 'object' &&
          ['privacy', 'tnc', 'cookie'].includes((link as FooterLinkOption).type) &&
          isHttpUrl(text((link as FooterLinkOption).url)),
      ),
    },
    developerMode: parsed?.developerMode === true,
  };
}
