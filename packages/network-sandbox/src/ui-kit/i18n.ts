/// <reference lib="dom" />
// Strings of the UI kit, one catalogue per supported locale. French uses the vouvoiement and a
// no-break space (U+00A0) before ":", ";", "!" and "?"; Arabic is Modern Standard Arabic.

import { LATIN_BRAND_NAMES } from './brand-names.ts';

export const LOCALES = ['en_US', 'fr_FR', 'ar_EG'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en_US';

export type BrandKey = 'mastercard' | 'maestro' | 'visa' | 'amex' | 'discover';

export interface Strings {
  clickToPay: string;
  /** `{brands}`: the list of accepted card brands. */
  markLabel: string;
  buttonLabel: string;
  loading: string;
  cancel: string;
  close: string;
  continue: string;
  brands: Record<BrandKey, string>;
  listSeparator: string;
  cardList: {
    title: string;
    label: string;
    /** `{brand}` and `{last4}`. */
    ending: string;
    /** `{date}` as MM/YY. */
    expires: string;
    preferred: string;
    unavailable: string;
    addCard: string;
    signOut: string;
    empty: string;
    types: Record<'CREDIT' | 'DEBIT' | 'PREPAID' | 'COMBO' | 'FLEX', string>;
  };
  otp: {
    title: string;
    /** `{value}`: the masked email address or phone number. */
    sentTo: string;
    sentGeneric: string;
    /** `{network}`. */
    sentBy: string;
    groupLabel: string;
    /** `{n}`. */
    digit: string;
    notYou: string;
    resend: string;
    resending: string;
    alternate: string;
    verifying: string;
    success: string;
    rememberMe: string;
    rememberMeHint: string;
    errors: Record<
      | 'CODE_INVALID'
      | 'CODE_EXPIRED'
      | 'RETRIES_EXCEEDED'
      | 'ACCT_INACCESSIBLE'
      | 'OTP_SEND_FAILED'
      | 'VALIDATION_DATA_MISSING'
      | 'DEFAULT',
      string
    >;
  };
  channels: {
    title: string;
    label: string;
    email: string;
    sms: string;
    guest: string;
    empty: string;
  };
  learnMore: {
    title: string;
    points: [string, string, string];
    ok: string;
  };
  consent: {
    title: string;
    label: string;
    /** `{terms}` and `{privacy}`: links. */
    terms: string;
    termsLink: string;
    privacyLink: string;
    rememberMe: string;
    rememberMeHint: string;
    learnMoreLink: string;
  };
}

const NBSP = '\u00a0';

const en_US: Strings = {
  clickToPay: 'Click to Pay',
  markLabel: 'Click to Pay with {brands}',
  buttonLabel: 'Pay with Click to Pay',
  loading: 'Loading',
  cancel: 'Cancel',
  close: 'Close',
  continue: 'Continue',
  brands: LATIN_BRAND_NAMES,
  listSeparator: ', ',
  cardList: {
    title: 'Choose a card',
    label: 'Your cards',
    ending: '{brand} ending in {last4}',
    expires: 'Expires {date}',
    preferred: 'Preferred',
    unavailable: 'Unavailable',
    addCard: 'Add a card',
    signOut: 'Not your cards?',
    empty: 'There are no cards to show.',
    types: { CREDIT: 'Credit', DEBIT: 'Debit', PREPAID: 'Prepaid', COMBO: 'Combo', FLEX: 'Flex' },
  },
  otp: {
    title: 'Enter your code',
    sentTo: 'We sent a 6-digit code to {value}.',
    sentGeneric: 'Enter the 6-digit code we sent you.',
    sentBy: 'Sent by {network}',
    groupLabel: 'One-time code',
    digit: 'Digit {n} of 6',
    notYou: 'Not you?',
    resend: 'Resend code',
    resending: 'Sending a new code…',
    alternate: 'Use another method',
    verifying: 'Checking your code…',
    success: 'Code confirmed',
    rememberMe: 'Remember me in this browser',
    rememberMeHint: 'Skip the code next time on this device.',
    errors: {
      CODE_INVALID: 'That code is not right. Check it and try again.',
      CODE_EXPIRED: 'This code has expired. Ask for a new one.',
      RETRIES_EXCEEDED: 'Too many attempts. Ask for a new code or try again later.',
      ACCT_INACCESSIBLE: 'This account cannot be used right now.',
      OTP_SEND_FAILED: 'We could not send the code. Try again or choose another method.',
      VALIDATION_DATA_MISSING: 'Enter the 6-digit code.',
      DEFAULT: 'Something went wrong. Please try again.',
    },
  },
  channels: {
    title: 'Where should we send your code?',
    label: 'Ways to receive your code',
    email: 'Email',
    sms: 'Text message',
    guest: 'Continue as guest',
    empty: 'No other method is available.',
  },
  learnMore: {
    title: 'About Click to Pay',
    points: [
      'Pay with your saved cards without typing card details.',
      'Your card details are protected: the shop receives a token, not your card number.',
      'A one-time code confirms it is you when you use a new device.',
    ],
    ok: 'OK',
  },
  consent: {
    title: 'Save your card with Click to Pay',
    label: 'Save my card with Click to Pay for a faster, secure checkout',
    terms: 'By continuing, you agree to the {terms} and acknowledge the {privacy}.',
    termsLink: 'Terms of Use',
    privacyLink: 'Privacy Notice',
    rememberMe: 'Remember me in this browser',
    rememberMeHint: 'Skip the code next time on this device.',
    learnMoreLink: 'Learn more',
  },
};

const fr_FR: Strings = {
  clickToPay: 'Click to Pay',
  markLabel: `Click to Pay avec${NBSP}: {brands}`,
  buttonLabel: 'Payer avec Click to Pay',
  loading: 'Chargement',
  cancel: 'Annuler',
  close: 'Fermer',
  continue: 'Continuer',
  brands: LATIN_BRAND_NAMES,
  listSeparator: ', ',
  cardList: {
    title: 'Choisissez une carte',
    label: 'Vos cartes',
    ending: '{brand} se terminant par {last4}',
    expires: `Expiration${NBSP}: {date}`,
    preferred: 'Préférée',
    unavailable: 'Indisponible',
    addCard: 'Ajouter une carte',
    signOut: `Ce ne sont pas vos cartes${NBSP}?`,
    empty: 'Aucune carte à afficher.',
    types: { CREDIT: 'Crédit', DEBIT: 'Débit', PREPAID: 'Prépayée', COMBO: 'Mixte', FLEX: 'Flex' },
  },
  otp: {
    title: 'Saisissez votre code',
    sentTo: 'Nous avons envoyé un code à 6 chiffres à {value}.',
    sentGeneric: 'Saisissez le code à 6 chiffres que nous vous avons envoyé.',
    sentBy: 'Envoyé par {network}',
    groupLabel: 'Code à usage unique',
    digit: 'Chiffre {n} sur 6',
    notYou: `Ce n’est pas vous${NBSP}?`,
    resend: 'Renvoyer le code',
    resending: 'Envoi d’un nouveau code…',
    alternate: 'Utiliser un autre moyen',
    verifying: 'Vérification de votre code…',
    success: 'Code confirmé',
    rememberMe: 'Se souvenir de moi sur ce navigateur',
    rememberMeHint: 'Vous n’aurez plus de code à saisir sur cet appareil.',
    errors: {
      CODE_INVALID: 'Ce code est incorrect. Vérifiez-le et réessayez.',
      CODE_EXPIRED: 'Ce code a expiré. Demandez-en un nouveau.',
      RETRIES_EXCEEDED: 'Trop de tentatives. Demandez un nouveau code ou réessayez plus tard.',
      ACCT_INACCESSIBLE: 'Ce compte ne peut pas être utilisé pour le moment.',
      OTP_SEND_FAILED: 'Nous n’avons pas pu envoyer le code. Réessayez ou choisissez un autre moyen.',
      VALIDATION_DATA_MISSING: 'Saisissez le code à 6 chiffres.',
      DEFAULT: 'Une erreur s’est produite. Veuillez réessayer.',
    },
  },
  channels: {
    title: `Où souhaitez-vous recevoir votre code${NBSP}?`,
    label: 'Moyens de réception du code',
    email: 'E-mail',
    sms: 'SMS',
    guest: 'Continuer en tant qu’invité',
    empty: 'Aucun autre moyen n’est disponible.',
  },
  learnMore: {
    title: 'À propos de Click to Pay',
    points: [
      'Payez avec vos cartes enregistrées sans saisir leurs coordonnées.',
      'Vos données de carte sont protégées\u00a0: le commerçant reçoit un jeton, et non votre numéro de carte.',
      'Un code à usage unique confirme votre identité lorsque vous utilisez un nouvel appareil.',
    ],
    ok: 'OK',
  },
  consent: {
    title: 'Enregistrez votre carte avec Click to Pay',
    label: 'Enregistrer ma carte avec Click to Pay pour payer plus rapidement, en toute sécurité',
    terms: 'En continuant, vous acceptez les {terms} et reconnaissez avoir pris connaissance de la {privacy}.',
    termsLink: 'Conditions d’utilisation',
    privacyLink: 'Politique de confidentialité',
    rememberMe: 'Se souvenir de moi sur ce navigateur',
    rememberMeHint: 'Vous n’aurez plus de code à saisir sur cet appareil.',
    learnMoreLink: 'En savoir plus',
  },
};

const ar_EG: Strings = {
  clickToPay: 'Click to Pay',
  markLabel: 'Click to Pay مع {brands}',
  buttonLabel: 'الدفع باستخدام Click to Pay',
  loading: 'جارٍ التحميل',
  cancel: 'إلغاء',
  close: 'إغلاق',
  continue: 'متابعة',
  brands: {
    mastercard: 'ماستركارد',
    maestro: 'مايسترو',
    visa: 'فيزا',
    amex: 'أمريكان إكسبريس',
    discover: 'ديسكفر',
  },
  listSeparator: '، ',
  cardList: {
    title: 'اختر بطاقة',
    label: 'بطاقاتك',
    ending: '{brand} تنتهي بالأرقام {last4}',
    expires: 'تاريخ الانتهاء: {date}',
    preferred: 'المفضلة',
    unavailable: 'غير متاحة',
    addCard: 'إضافة بطاقة',
    signOut: 'ليست بطاقاتك؟',
    empty: 'لا توجد بطاقات لعرضها.',
    types: { CREDIT: 'ائتمان', DEBIT: 'خصم مباشر', PREPAID: 'مسبقة الدفع', COMBO: 'مزدوجة', FLEX: 'مرنة' },
  },
  otp: {
    title: 'أدخل الرمز',
    sentTo: 'أرسلنا رمزًا مكوّنًا من 6 أرقام إلى {value}.',
    sentGeneric: 'أدخل الرمز المكوّن من 6 أرقام الذي أرسلناه إليك.',
    sentBy: 'مرسل من {network}',
    groupLabel: 'رمز لمرة واحدة',
    digit: 'الرقم {n} من 6',
    notYou: 'لست أنت؟',
    resend: 'إعادة إرسال الرمز',
    resending: 'جارٍ إرسال رمز جديد…',
    alternate: 'استخدام طريقة أخرى',
    verifying: 'جارٍ التحقق من الرمز…',
    success: 'تم تأكيد الرمز',
    rememberMe: 'تذكرني على هذا المتصفح',
    rememberMeHint: 'لن تحتاج إلى إدخال رمز في المرة القادمة على هذا الجهاز.',
    errors: {
      CODE_INVALID: 'الرمز غير صحيح. تحقق منه وحاول مرة أخرى.',
      CODE_EXPIRED: 'انتهت صلاحية هذا الرمز. اطلب رمزًا جديدًا.',
      RETRIES_EXCEEDED: 'تجاوزت عدد المحاولات المسموح به. اطلب رمزًا جديدًا أو حاول لاحقًا.',
      ACCT_INACCESSIBLE: 'لا يمكن استخدام هذا الحساب حاليًا.',
      OTP_SEND_FAILED: 'تعذّر إرسال الرمز. حاول مرة أخرى أو اختر طريقة أخرى.',
      VALIDATION_DATA_MISSING: 'أدخل الرمز المكوّن من 6 أرقام.',
      DEFAULT: 'حدث خطأ. يُرجى المحاولة مرة أخرى.',
    },
  },
  channels: {
    title: 'أين تريد أن نرسل الرمز؟',
    label: 'طرق استلام الرمز',
    email: 'البريد الإلكتروني',
    sms: 'رسالة نصية',
    guest: 'المتابعة كضيف',
    empty: 'لا توجد طريقة أخرى متاحة.',
  },
  learnMore: {
    title: 'نبذة عن Click to Pay',
    points: [
      'ادفع ببطاقاتك المحفوظة دون إدخال بيانات البطاقة.',
      'بيانات بطاقتك محمية: يتلقى المتجر رمزًا مميزًا بدلًا من رقم بطاقتك.',
      'يؤكد رمز لمرة واحدة هويتك عند استخدام جهاز جديد.',
    ],
    ok: 'حسنًا',
  },
  consent: {
    title: 'احفظ بطاقتك في Click to Pay',
    label: 'احفظ بطاقتي في Click to Pay لدفع أسرع وأكثر أمانًا',
    terms: 'بالمتابعة، فإنك توافق على {terms} وتقرّ بالاطلاع على {privacy}.',
    termsLink: 'شروط الاستخدام',
    privacyLink: 'إشعار الخصوصية',
    rememberMe: 'تذكرني على هذا المتصفح',
    rememberMeHint: 'لن تحتاج إلى إدخال رمز في المرة القادمة على هذا الجهاز.',
    learnMoreLink: 'اعرف المزيد',
  },
};

export const CATALOGUES: Record<Locale, Strings> = { en_US, fr_FR, ar_EG };

/**
 * Maps a `locale` attribute to a supported locale: `fr_FR`, `fr-FR`, `fr` and `FR_fr` all give
 * `fr_FR`; an unknown or missing value gives `en_US`.
 */
export function resolveLocale(value: string | null | undefined): Locale {
  const language = (value ?? '').trim().toLowerCase().split(/[-_]/)[0];
  if (language === 'fr') return 'fr_FR';
  if (language === 'ar') return 'ar_EG';
  return DEFAULT_LOCALE;
}

export function localeDirection(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar_EG' ? 'rtl' : 'ltr';
}

/** BCP 47 tag for the `lang` attribute. */
export function localeTag(locale: Locale): string {
  return locale.replace('_', '-');
}

/** Replaces `{name}` placeholders; values are inserted as given (escape them first for HTML). */
export function format(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
