// The hosted installments window's own strings (issue 14), in the sandbox's three locales.
import type { DcfLocale } from './i18n.ts';

export interface HostedStrings {
  heading: (merchant: string) => string;
  emailIntro: string;
  email: string;
  next: string;
  unknownEmail: string;
  chooseCard: string;
  choosePlan: string;
  plan: (n: number, amount: string) => string;
  /** The plan's total, and its rate ("interest free" at 0). */
  planDetails: (total: string, apr: string) => string;
  lastPayment: (amount: string) => string;
  notEligible: string;
}

const en: HostedStrings = {
  heading: (m) => `Pay ${m} in installments`,
  emailIntro: 'Enter the email of your Click to Pay profile.',
  email: 'Email',
  next: 'Next',
  unknownEmail: 'This email has no Click to Pay profile.',
  chooseCard: 'Choose your card',
  choosePlan: 'Choose your plan',
  plan: (n, a) => `${n} installments of ${a}`,
  planDetails: (t, r) => (Number(r) === 0 ? `Total ${t} · interest free` : `Total ${t} · APR ${r}\u00a0%`),
  lastPayment: (a) => `Last payment ${a}`,
  notEligible: 'This purchase is not eligible for installments.',
};

const fr: HostedStrings = {
  heading: (m) => `Payer ${m} en plusieurs fois`,
  emailIntro: 'Saisissez l’adresse e-mail de votre profil Click to Pay.',
  email: 'E-mail',
  next: 'Suivant',
  unknownEmail: 'Cette adresse e-mail n’a pas de profil Click to Pay.',
  chooseCard: 'Choisissez votre carte',
  choosePlan: 'Choisissez votre plan',
  plan: (n, a) => `${n} échéances de ${a}`,
  planDetails: (t, r) => (Number(r) === 0 ? `Total ${t} · sans frais` : `Total ${t} · TAEG ${r}\u00a0%`),
  lastPayment: (a) => `Dernière échéance ${a}`,
  notEligible: 'Cet achat n’est pas éligible au paiement en plusieurs fois.',
};

const ar: HostedStrings = {
  heading: (m) => `الدفع إلى ${m} بالتقسيط`,
  emailIntro: 'أدخل البريد الإلكتروني لملفك في Click to Pay.',
  email: 'البريد الإلكتروني',
  next: 'التالي',
  unknownEmail: 'لا يوجد ملف Click to Pay لهذا البريد الإلكتروني.',
  chooseCard: 'اختر بطاقتك',
  choosePlan: 'اختر خطتك',
  plan: (n, a) => `${n} أقساط بقيمة ${a}`,
  planDetails: (t, r) => (Number(r) === 0 ? `الإجمالي ${t} · بدون فوائد` : `الإجمالي ${t} · معدل الفائدة السنوي ${r}٪`),
  lastPayment: (a) => `الدفعة الأخيرة ${a}`,
  notEligible: 'هذه المشتريات غير مؤهلة للدفع بالتقسيط.',
};

export const HOSTED_STRINGS: Record<DcfLocale, HostedStrings> = { en_US: en, fr_FR: fr, ar_EG: ar };
