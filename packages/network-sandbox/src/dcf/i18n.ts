// The DCF page's strings, in the sandbox's three locales (ar_EG reads right to left).

import { LATIN_BRAND_NAMES } from '../ui-kit/brand-names.ts';

/** Keeps an email or a number in its own left-to-right order inside right-to-left text. */
const ltr = (text: string) => `\u2066${text}\u2069`;

/** A count in Arabic-Indic digits, as the amounts beside it are written. */
const arabicCount = (n: number) => new Intl.NumberFormat('ar-EG').format(n);

export type DcfLocale = 'en_US' | 'fr_FR' | 'ar_EG';

export interface DcfStrings {
  title: string;
  /** The main screen's heading: what the shopper checks before paying. */
  reviewTitle: string;
  merchant: string;
  /** Shown at once after Continue (or Pay), while the network completes the checkout. */
  processing: string;
  payMerchant: (merchant: string) => string;
  card: (brand: string, last4: string) => string;
  expires: (mm: string, yy: string) => string;
  amount: string;
  rememberMe: string;
  enrol: string;
  continue: string;
  confirmTitle: string;
  confirmPay: (amount: string) => string;
  pay: string;
  back: string;
  cancel: string;
  changeCard: string;
  addCard: string;
  notYou: (email: string) => string;
  done: string;
  finished: string;
  failed: string;
  /** The window was not opened by a merchant's checkout (no opener, or not the page that asked). */
  notOpened: string;
  otpTitle: string;
  otpSent: (channel: string) => string;
  otpLabel: string;
  verify: string;
  profileFound: (channel: string) => string;
  skipCode: string;
  installments: (n: number, amount: string) => string;
  lastInstallment: (amount: string) => string;
  /** Payment passkeys (WebAuthn): signing in, confirming a payment, creating one. */
  passkeyTitle: string;
  passkeyText: string;
  usePasskey: string;
  useAnotherMethod: string;
  passkeyFailed: string;
  confirmPaymentText: (amount: string) => string;
  confirmByCode: (channel: string) => string;
  createPasskeyTitle: string;
  createPasskeyText: string;
  createPasskey: string;
  notNow: string;
  passkeyCreated: string;
}

const en: DcfStrings = {
  title: 'Click to Pay',
  reviewTitle: 'Review your payment',
  merchant: 'Merchant',
  processing: 'Processing your payment…',
  payMerchant: (m) => `Pay ${m}`,
  card: (b, l) => `${b} ending in ${l}`,
  expires: (m, y) => `Expires ${m}/${y}`,
  amount: 'Amount',
  rememberMe: 'Remember me on this browser',
  enrol: 'Save my card with Click to Pay for faster checkout',
  continue: 'Continue',
  confirmTitle: 'Confirm your payment',
  confirmPay: (a) => `You are about to pay ${a}.`,
  pay: 'Pay now',
  back: 'Back',
  cancel: 'Cancel',
  changeCard: 'Change card',
  addCard: 'Add a card',
  notYou: (e) => `Not you? (${ltr(e)})`,
  done: 'Done. You can return to the merchant.',
  finished: 'This checkout has already finished.',
  failed: 'Something went wrong. Please return to the merchant.',
  notOpened: 'This window opens from a merchant’s checkout only. Close it and start again from the merchant’s page.',
  otpTitle: 'Confirm it is you',
  otpSent: (c) => `We sent a code to ${c}.`,
  otpLabel: 'One-time code',
  verify: 'Verify',
  profileFound: (c) =>
    `This email already has a Click to Pay profile. To save the card to it, enter the code we sent to ${ltr(c)}.`,
  skipCode: 'Pay without saving the card',
  installments: (n, a) => `${n} monthly payments of ${a}`,
  lastInstallment: (a) => `Last payment ${a}`,
  passkeyTitle: 'Confirm it is you',
  passkeyText: 'Use your payment passkey: your fingerprint, face or screen lock on this device.',
  usePasskey: 'Use my passkey',
  useAnotherMethod: 'Use another method',
  passkeyFailed: 'The passkey could not be used. Use another method.',
  confirmPaymentText: (a) => `Confirm the payment of ${a} with your payment passkey.`,
  confirmByCode: (c) => `To confirm this payment, enter the code we sent to ${ltr(c)}.`,
  createPasskeyTitle: 'Create a payment passkey',
  createPasskeyText:
    'Next time, confirm it is you with your fingerprint, face or screen lock instead of a code. The passkey stays on this device.',
  createPasskey: 'Create a passkey',
  notNow: 'Not now',
  passkeyCreated: 'Your payment passkey is ready.',
};

const fr: DcfStrings = {
  title: 'Click to Pay',
  reviewTitle: 'Vérifiez votre paiement',
  merchant: 'Marchand',
  processing: 'Paiement en cours…',
  payMerchant: (m) => `Payer ${m}`,
  card: (b, l) => `${b} se terminant par ${l}`,
  expires: (m, y) => `Expire le ${m}/${y}`,
  amount: 'Montant',
  rememberMe: 'Se souvenir de moi sur ce navigateur',
  enrol: 'Enregistrer ma carte dans Click to Pay pour payer plus vite',
  continue: 'Continuer',
  confirmTitle: 'Confirmez votre paiement',
  confirmPay: (a) => `Vous allez payer ${a}.`,
  pay: 'Payer',
  back: 'Retour',
  cancel: 'Annuler',
  changeCard: 'Changer de carte',
  addCard: 'Ajouter une carte',
  notYou: (e) => `Ce n’est pas vous\u202f? (${ltr(e)})`,
  done: 'Terminé. Vous pouvez revenir chez le marchand.',
  finished: 'Ce paiement est déjà terminé.',
  failed: 'Une erreur est survenue. Revenez chez le marchand.',
  notOpened:
    'Cette fenêtre ne s’ouvre que depuis le paiement d’un marchand. Fermez-la et recommencez depuis la page du marchand.',
  otpTitle: 'Confirmez votre identité',
  otpSent: (c) => `Nous avons envoyé un code à ${c}.`,
  otpLabel: 'Code à usage unique',
  verify: 'Vérifier',
  profileFound: (c) =>
    `Cette adresse e-mail a déjà un profil Click to Pay. Pour y enregistrer la carte, saisissez le code envoyé à ${ltr(c)}.`,
  skipCode: 'Payer sans enregistrer la carte',
  installments: (n, a) => `${n} mensualités de ${a}`,
  lastInstallment: (a) => `Dernière mensualité ${a}`,
  passkeyTitle: 'Confirmez votre identité',
  passkeyText: 'Utilisez votre clé d’accès de paiement : empreinte, visage ou verrouillage d’écran de cet appareil.',
  usePasskey: 'Utiliser ma clé d’accès',
  useAnotherMethod: 'Utiliser une autre méthode',
  passkeyFailed: 'La clé d’accès n’a pas pu être utilisée. Utilisez une autre méthode.',
  confirmPaymentText: (a) => `Confirmez le paiement de ${a} avec votre clé d’accès de paiement.`,
  confirmByCode: (c) => `Pour confirmer ce paiement, saisissez le code envoyé à ${ltr(c)}.`,
  createPasskeyTitle: 'Créer une clé d’accès de paiement',
  createPasskeyText:
    'La prochaine fois, confirmez votre identité avec votre empreinte, votre visage ou le verrouillage d’écran au lieu d’un code. La clé d’accès reste sur cet appareil.',
  createPasskey: 'Créer une clé d’accès',
  notNow: 'Plus tard',
  passkeyCreated: 'Votre clé d’accès de paiement est prête.',
};

const ar: DcfStrings = {
  title: 'Click to Pay',
  reviewTitle: 'راجع عملية الدفع',
  merchant: 'التاجر',
  processing: 'جارٍ تنفيذ عملية الدفع…',
  payMerchant: (m) => `الدفع إلى ${m}`,
  card: (b, l) => `بطاقة ${b} تنتهي بـ ${l}`,
  expires: (m, y) => `تنتهي في ${m}/${y}`,
  amount: 'المبلغ',
  rememberMe: 'تذكرني على هذا المتصفح',
  enrol: 'احفظ بطاقتي في Click to Pay لدفع أسرع',
  continue: 'متابعة',
  confirmTitle: 'أكّد عملية الدفع',
  confirmPay: (a) => `أنت على وشك دفع ${a}.`,
  pay: 'ادفع الآن',
  back: 'رجوع',
  cancel: 'إلغاء',
  changeCard: 'تغيير البطاقة',
  addCard: 'إضافة بطاقة',
  notYou: (e) => `لست أنت؟ (${ltr(e)})`,
  done: 'تم. يمكنك العودة إلى التاجر.',
  finished: 'اكتملت عملية الدفع هذه بالفعل.',
  failed: 'حدث خطأ ما. يرجى العودة إلى التاجر.',
  notOpened: 'لا تُفتح هذه النافذة إلا من صفحة الدفع لدى التاجر. أغلقها وابدأ من جديد من صفحة التاجر.',
  otpTitle: 'أكّد هويتك',
  otpSent: (c) => `أرسلنا رمزًا إلى ${c}.`,
  otpLabel: 'رمز لمرة واحدة',
  verify: 'تحقق',
  profileFound: (c) =>
    `لهذا البريد الإلكتروني ملف Click to Pay بالفعل. لحفظ البطاقة فيه، أدخل الرمز الذي أرسلناه إلى ${ltr(c)}.`,
  skipCode: 'الدفع دون حفظ البطاقة',
  installments: (n, a) =>
    `${arabicCount(n)} ${new Intl.PluralRules('ar-EG').select(n) === 'few' ? 'دفعات شهرية' : 'دفعة شهرية'} بقيمة ${a}`,
  lastInstallment: (a) => `الدفعة الأخيرة ${a}`,
  passkeyTitle: 'أكّد هويتك',
  passkeyText: 'استخدم مفتاح المرور للدفع: بصمتك أو وجهك أو قفل الشاشة على هذا الجهاز.',
  usePasskey: 'استخدام مفتاح المرور',
  useAnotherMethod: 'استخدام طريقة أخرى',
  passkeyFailed: 'تعذّر استخدام مفتاح المرور. استخدم طريقة أخرى.',
  confirmPaymentText: (a) => `أكّد دفع ${a} باستخدام مفتاح المرور للدفع.`,
  confirmByCode: (c) => `لتأكيد هذه الدفعة، أدخل الرمز الذي أرسلناه إلى ${ltr(c)}.`,
  createPasskeyTitle: 'إنشاء مفتاح مرور للدفع',
  createPasskeyText:
    'في المرة القادمة، أكّد هويتك ببصمتك أو وجهك أو قفل الشاشة بدلًا من الرمز. يبقى مفتاح المرور على هذا الجهاز.',
  createPasskey: 'إنشاء مفتاح مرور',
  notNow: 'ليس الآن',
  passkeyCreated: 'مفتاح المرور للدفع جاهز.',
};

export const DCF_STRINGS: Record<DcfLocale, DcfStrings> = { en_US: en, fr_FR: fr, ar_EG: ar };

/** A card brand as the network writes it (the API's ids are lowercase); an unknown one as given. */
export function brandName(brand: string): string {
  const names: Record<string, string> = LATIN_BRAND_NAMES;
  return names[brand.toLowerCase()] ?? brand;
}

export function resolveDcfLocale(value: string | null | undefined): DcfLocale {
  const normal = String(value ?? '').replace('-', '_');
  if (normal in DCF_STRINGS) return normal as DcfLocale;
  const language = normal.slice(0, 2).toLowerCase();
  return language === 'fr' ? 'fr_FR' : language === 'ar' ? 'ar_EG' : 'en_US';
}

export function directionOf(locale: DcfLocale): 'ltr' | 'rtl' {
  return locale === 'ar_EG' ? 'rtl' : 'ltr';
}

export function bcp47(locale: DcfLocale): string {
  return locale.replace('_', '-');
}
