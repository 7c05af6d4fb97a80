// The /sandbox test-data page's words in the demo's three languages. Codes, card numbers, JSON
// members and URLs are not words: the page puts them in <code>, left to right, in every language.
import { LOCALE_COOKIE, isLocaleCode, localeFromAcceptLanguage, type LocaleCode } from '@c2p/domain';
import type { FastifyRequest } from 'fastify';
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

const EN: SandboxPageStrings = {
  title: 'Click to Pay network sandbox: test data',
  heading: 'Click to Pay network sandbox',
  intro: ['An offline stand-in for the card network. Load the SDK from', '; the public keys are at', '.'],
  languages: 'Language',
  otpTitle: 'One-time code',
  otp: [
    "Every consumer's code is",
    '. Three wrong codes in a row answer',
    '; a new code (initiateValidation) starts again.',
  ],
  consumersTitle: 'Consumers',
  columns: { email: 'Email', mobile: 'Mobile', status: 'Status', cards: 'Cards', notes: 'Notes' },
  status: { active: 'Active', locked: 'Locked' },
  notes: {
    returning:
      'Returning consumer with three cards. With the demo shop’s default brands (Mastercard only) the card list shows the two Mastercards, the first marked as preferred.',
    locked: 'Locked profile: idLookup and every later call reject with ACCT_INACCESSIBLE.',
  },
  otherEmail: ['Any other email address is a new consumer (idLookup answers', ').'],
  payloadTitle: 'What the payload carries',
  payloadIntro:
    'Click to Pay is a tokenized checkout: every card has a network token, and the payload the merchant’s server fetches carries the token and a cryptogram unless the merchant’s paymentOptions (init’s dpaTransactionOptions) ask for the card number.',
  payloadColumns: { asked: 'paymentOptions', carries: 'The payload carries' },
  payloadRows: {
    default: 'The network token and a cryptogram (the default)',
    panRequested: 'The card number instead of the token, with the cryptogram',
    none: 'The card number, no cryptogram',
    securityCode: 'The card number and a dynamic security code in place of its CVC2',
  },
  payloadShop:
    'In the demo shop, an admin sets these on the configuration screen (/srci/config): Dynamic data type, and Card number (PAN) requested. The thank-you page says which credential the payload held.',
  newCardsTitle: 'Cards to add (checkoutWithNewCard)',
  newCardsIntro: 'Any future expiry and any 3-digit security code.',
  newCardsColumns: { number: 'Card number', brand: 'Brand' },
  setupTitle: 'Merchant setup',
  setup: [
    'Register your payload-encryption public key for your DPA before calling the checkout API:',
    'with the RSA public JWK as the JSON body. Every network API call is signed as your client (OAuth 1.0a, RSA-SHA256, consumer key = SRC client id); the demo shop’s server is the one client onboarded here, and the first client to register a DPA’s key owns it.',
  ],
};

const FR: SandboxPageStrings = {
  title: 'Bac à sable du réseau Click to Pay : données de test',
  heading: 'Bac à sable du réseau Click to Pay',
  intro: [
    'Une doublure hors ligne du réseau de cartes. Chargez le SDK depuis',
    '\u00a0; les clés publiques sont à l’adresse',
    '.',
  ],
  languages: 'Langue',
  otpTitle: 'Code à usage unique',
  otp: [
    'Le code de chaque consommateur est',
    '. Trois codes erronés d’affilée répondent',
    '\u00a0; un nouveau code (initiateValidation) remet le compte à zéro.',
  ],
  consumersTitle: 'Consommateurs',
  columns: { email: 'E-mail', mobile: 'Téléphone mobile', status: 'État', cards: 'Cartes', notes: 'Remarques' },
  status: { active: 'Actif', locked: 'Verrouillé' },
  notes: {
    returning:
      'Consommateur connu avec trois cartes. Avec les marques par défaut de la boutique de démonstration (Mastercard seule), la liste montre les deux Mastercard, la première marquée comme préférée.',
    locked: 'Profil verrouillé\u00a0: idLookup et tous les appels suivants sont rejetés avec ACCT_INACCESSIBLE.',
  },
  otherEmail: ['Toute autre adresse e-mail est un nouveau consommateur (idLookup répond', ').'],
  payloadTitle: 'Ce que contient la charge utile',
  payloadIntro:
    'Click to Pay est un paiement tokenisé\u00a0: chaque carte a un jeton réseau, et la charge utile que le serveur du marchand récupère contient le jeton et un cryptogramme, sauf si les paymentOptions du marchand (dpaTransactionOptions d’init) demandent le numéro de carte.',
  payloadColumns: { asked: 'paymentOptions', carries: 'La charge utile contient' },
  payloadRows: {
    default: 'Le jeton réseau et un cryptogramme (par défaut)',
    panRequested: 'Le numéro de carte au lieu du jeton, avec le cryptogramme',
    none: 'Le numéro de carte, sans cryptogramme',
    securityCode: 'Le numéro de carte et un code de sécurité dynamique à la place de son CVC2',
  },
  payloadShop:
    'Dans la boutique de démonstration, un administrateur les règle sur l’écran de configuration (/srci/config)\u00a0: Type de données dynamiques, et Numéro de carte (PAN) demandé. La page de remerciement indique l’identifiant de paiement reçu.',
  newCardsTitle: 'Cartes à ajouter (checkoutWithNewCard)',
  newCardsIntro: 'N’importe quelle date d’expiration future et n’importe quel code de sécurité à 3 chiffres.',
  newCardsColumns: { number: 'Numéro de carte', brand: 'Marque' },
  setupTitle: 'Mise en place côté marchand',
  setup: [
    'Enregistrez la clé publique de chiffrement de la charge utile de votre DPA avant d’appeler l’API de paiement\u00a0:',
    'avec la JWK publique RSA comme corps JSON. Chaque appel aux API du réseau est signé au nom de votre client (OAuth 1.0a, RSA-SHA256, clé consommateur = identifiant client SRC)\u00a0; le serveur de la boutique de démonstration est le seul client inscrit ici, et le premier client qui enregistre la clé d’un DPA en devient propriétaire.',
  ],
};

const AR: SandboxPageStrings = {
  title: 'بيئة اختبار شبكة Click to Pay: بيانات الاختبار',
  heading: 'بيئة اختبار شبكة Click to Pay',
  intro: ['بديل لشبكة البطاقات يعمل دون اتصال. حمّل حزمة SDK من', '، والمفاتيح العامة على', '.'],
  languages: 'اللغة',
  otpTitle: 'رمز الاستخدام لمرة واحدة',
  otp: [
    'رمز كل مستهلك هو',
    '. ثلاثة رموز خاطئة متتالية تُجاب بـ',
    '، ورمز جديد (initiateValidation) يبدأ العد من جديد.',
  ],
  consumersTitle: 'المستهلكون',
  columns: {
    email: 'البريد الإلكتروني',
    mobile: 'الجوال',
    status: 'الحالة',
    cards: 'البطاقات',
    notes: 'ملاحظات',
  },
  status: { active: 'نشط', locked: 'مقفل' },
  notes: {
    returning:
      'مستهلك عائد لديه ثلاث بطاقات. مع العلامات الافتراضية لمتجر العرض (Mastercard وحدها) تعرض القائمة بطاقتي Mastercard، والأولى موسومة بأنها المفضلة.',
    locked: 'ملف مقفل: يُرفض idLookup وكل استدعاء بعده بـ ACCT_INACCESSIBLE.',
  },
  otherEmail: ['أي بريد إلكتروني آخر هو مستهلك جديد (يجيب idLookup بـ', ').'],
  payloadTitle: 'ما تحمله الحمولة',
  payloadIntro:
    'Click to Pay دفع مرمَّز: لكل بطاقة رمز شبكة، والحمولة التي يجلبها خادم التاجر تحمل الرمز ورمزًا مشفّرًا للمعاملة، ما لم تطلب paymentOptions الخاصة بالتاجر (ضمن dpaTransactionOptions في init) رقم البطاقة.',
  payloadColumns: { asked: 'paymentOptions', carries: 'تحمل الحمولة' },
  payloadRows: {
    default: 'رمز الشبكة ورمزًا مشفّرًا للمعاملة (الافتراضي)',
    panRequested: 'رقم البطاقة بدل الرمز، مع الرمز المشفّر',
    none: 'رقم البطاقة، دون رمز مشفّر',
    securityCode: 'رقم البطاقة ورمز أمان متغيرًا بدل رمز CVC2',
  },
  payloadShop:
    'في متجر العرض يضبطها المسؤول في شاشة الإعدادات (/srci/config): نوع البيانات الديناميكية، وطلب رقم البطاقة (PAN). وتذكر صفحة الشكر أي بيانات دفع حملتها الحمولة.',
  newCardsTitle: 'بطاقات للإضافة (checkoutWithNewCard)',
  newCardsIntro: 'أي تاريخ انتهاء في المستقبل وأي رمز أمان من ثلاثة أرقام.',
  newCardsColumns: { number: 'رقم البطاقة', brand: 'العلامة' },
  setupTitle: 'إعداد التاجر',
  setup: [
    'سجّل المفتاح العام لتشفير الحمولة الخاص بـ DPA قبل استدعاء واجهة الدفع:',
    'مع مفتاح RSA العام بصيغة JWK جسمًا لطلب JSON. كل استدعاء لواجهات الشبكة موقَّع باسم عميلك (OAuth 1.0a وRSA-SHA256، ومفتاح المستهلك = معرّف عميل SRC)؛ خادم متجر العرض هو العميل الوحيد المسجَّل هنا، وأول عميل يسجّل مفتاح DPA يصبح مالكه.',
  ],
};

export const SANDBOX_PAGE_STRINGS: Record<LocaleCode, SandboxPageStrings> = { 'en-US': EN, 'fr-FR': FR, 'ar-EG': AR };

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
