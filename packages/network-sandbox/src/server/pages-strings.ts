// The /sandbox test-data page's words in the demo's three languages. Codes, card numbers, JSON
// members and URLs are not words: the page puts them in <code>, left to right, in every language.
import { LOCALE_COOKIE, isLocaleCode, localeFromAcceptLanguage, type LocaleCode } from '@c2p/domain';
import type { FastifyRequest } from 'fastify';
import ar from './pages-strings/ar-EG.json' with { type: 'json' };
import en from './pages-strings/en-US.json' with { type: 'json' };
import fr from './pages-strings/fr-FR.json' with { type: 'json' };
import { asObject, readCookie } from './util.ts';

export interface SandboxPageStrings {
  title: string;
  heading: string;
  /** Before the SDK's address, between it and the keys' link, after the link. */
  intro: [string, string, string];
  languages: string;
  otpTitle: string;
  /** Around the code, then around RETRIES_EXCEEDED. */
  otp: [string, string, string];
  consumersTitle: string;
  columns: { email: string; mobile: string; status: string; cards: string; notes: string };
  status: { active: string; locked: string };
  notes: { returning: string; locked: string };
  /** Around consumerPresent: false. */
  otherEmail: [string, string];
  payloadTitle: string;
  payloadIntro: string;
  payloadColumns: { asked: string; carries: string };
  payloadRows: { default: string; panRequested: string; none: string; securityCode: string };
  payloadShop: string;
  newCardsTitle: string;
  newCardsIntro: string;
  newCardsColumns: { number: string; brand: string };
  setupTitle: string;
  /** Around the PUT route. */
  setup: [string, string];
}

// The words themselves are catalogues (JSON), as the shop's are; the interface above says their shape.
export const SANDBOX_PAGE_STRINGS = { 'en-US': en, 'fr-FR': fr, 'ar-EG': ar } as Record<LocaleCode, SandboxPageStrings>;

/** The demo's locale cookie; one that is not percent-encoded properly names no locale. */
function localeCookie(request: FastifyRequest): string | undefined {
  try {
    return readCookie(request, LOCALE_COOKIE);
  } catch {
    return undefined;
  }
}

/**
 * The page's language: `?locale=`, else the demo's `locale` cookie, else the browser's language of
 * the highest weight we have, else en-US.
 */
export function sandboxPageLocale(request: FastifyRequest): LocaleCode {
  const asked = asObject(request.query).locale;
  if (isLocaleCode(asked)) return asked;
  const cookie = localeCookie(request);
  if (isLocaleCode(cookie)) return cookie;
  return localeFromAcceptLanguage(request.headers['accept-language']) ?? 'en-US';
}
