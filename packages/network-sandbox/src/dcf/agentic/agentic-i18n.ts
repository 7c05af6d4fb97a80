// The agentic windows' strings (issue 39: enrolling an agent, approving its mandate, managing one's
// agents), in the sandbox's three locales, beside the DCF's own (../i18n.ts).
import type { DcfLocale } from '../i18n.ts';

export interface AgenticStrings {
  /** What the sandbox invented, said in each agentic window. */
  ours: string;
  email: string;
  emailIntro: string;
  next: string;
  noProfile: string;
  enrolTitle: (agent: string) => string;
  enrolIntro: string;
  chooseCard: string;
  enrolConsent: (agent: string) => string;
  consentNeeded: string;
  allow: string;
  enrolled: (agent: string) => string;
  mandateTitle: string;
  openMandateTitle: string;
  asksToPay: (agent: string) => string;
  asksToBuy: (agent: string) => string;
  items: string;
  line: (quantity: number, title: string) => string;
  total: string;
  paysWith: string;
  perPurchase: string;
  inAll: string;
  where: string;
  what: string;
  anyItem: string;
  until: string;
  inTheirWords: string;
  approve: string;
  decline: string;
  approveFailed: string;
  passkeyNeeded: string;
  approved: string;
  approvedOpen: string;
  declined: string;
  manageTitle: string;
  noAgents: string;
  active: string;
  revoked: string;
  revoke: (agent: string) => string;
  done: string;
}

const en: AgenticStrings = {
  ours: 'Sandbox: the agentic token, this window and how your passkey approves a mandate are the sandbox’s own (ours).',
  email: 'Email',
  emailIntro: 'Enter the email of your Click to Pay profile.',
  next: 'Next',
  noProfile: 'This email has no Click to Pay profile.',
  enrolTitle: (a) => `Let ${a} pay for you`,
  enrolIntro:
    'Choose the card your agent may pay with. It pays only for purchases you approve with your payment passkey, and you can revoke it at any time.',
  chooseCard: 'Card',
  enrolConsent: (a) => `I let ${a} ask to pay with this card`,
  consentNeeded: 'Tick the box to let the agent ask to pay.',
  allow: 'Allow',
  enrolled: (a) => `${a} can now ask to pay with your card.`,
  mandateTitle: 'Approve your agent’s purchase',
  openMandateTitle: 'Approve your agent’s limits',
  asksToPay: (a) => `${a} asks to pay for this order.`,
  asksToBuy: (a) => `${a} asks to buy for you, without asking again, within these limits.`,
  items: 'Items',
  line: (q, title) => `${q} × ${title}`,
  total: 'Total',
  paysWith: 'Card',
  perPurchase: 'Per purchase, up to',
  inAll: 'In all, up to',
  where: 'At',
  what: 'Items',
  anyItem: 'Any item',
  until: 'Until',
  inTheirWords: 'Your request',
  approve: 'Approve with my passkey',
  decline: 'Decline',
  approveFailed: 'The passkey could not be used. Try again, or decline.',
  passkeyNeeded:
    'A purchase by your agent is approved with your payment passkey only, and this device has none for your profile. Decline, or create a passkey at your next checkout.',
  approved: 'Approved. Your agent can now complete this purchase.',
  approvedOpen: 'Approved. Your agent may buy within these limits.',
  declined: 'Declined. Your agent cannot use it.',
  manageTitle: 'Your agents',
  noAgents: 'No agent can ask to pay for you.',
  active: 'Active',
  revoked: 'Revoked',
  revoke: (a) => `Revoke ${a}`,
  done: 'Done',
};

const fr: AgenticStrings = {
  ours: 'Sandbox\u202f: le jeton agentique, cette fenêtre et la façon dont votre clé d’accès approuve un mandat sont propres à la sandbox.',
  email: 'E-mail',
  emailIntro: 'Saisissez l’e-mail de votre profil Click to Pay.',
  next: 'Suivant',
  noProfile: 'Cet e-mail n’a pas de profil Click to Pay.',
  enrolTitle: (a) => `Laisser ${a} payer pour vous`,
  enrolIntro:
    'Choisissez la carte avec laquelle votre agent peut payer. Il ne paie que les achats que vous approuvez avec votre clé d’accès de paiement, et vous pouvez le révoquer à tout moment.',
  chooseCard: 'Carte',
  enrolConsent: (a) => `J’autorise ${a} à demander à payer avec cette carte`,
  consentNeeded: 'Cochez la case pour autoriser l’agent à demander à payer.',
  allow: 'Autoriser',
  enrolled: (a) => `${a} peut désormais demander à payer avec votre carte.`,
  mandateTitle: 'Approuvez l’achat de votre agent',
  openMandateTitle: 'Approuvez les limites de votre agent',
  asksToPay: (a) => `${a} demande à payer cette commande.`,
  asksToBuy: (a) => `${a} demande à acheter pour vous, sans vous redemander, dans ces limites.`,
  items: 'Articles',
  line: (q, title) => `${q} × ${title}`,
  total: 'Total',
  paysWith: 'Carte',
  perPurchase: 'Par achat, jusqu’à',
  inAll: 'Au total, jusqu’à',
  where: 'Chez',
  what: 'Articles',
  anyItem: 'Tout article',
  until: 'Jusqu’au',
  inTheirWords: 'Votre demande',
  approve: 'Approuver avec ma clé d’accès',
  decline: 'Refuser',
  approveFailed: 'La clé d’accès n’a pas pu être utilisée. Réessayez, ou refusez.',
  passkeyNeeded:
    'Un achat de votre agent s’approuve uniquement avec votre clé d’accès de paiement, et cet appareil n’en a pas pour votre profil. Refusez, ou créez une clé d’accès lors de votre prochain paiement.',
  approved: 'Approuvé. Votre agent peut maintenant finaliser cet achat.',
  approvedOpen: 'Approuvé. Votre agent peut acheter dans ces limites.',
  declined: 'Refusé. Votre agent ne peut pas l’utiliser.',
  manageTitle: 'Vos agents',
  noAgents: 'Aucun agent ne peut demander à payer pour vous.',
  active: 'Actif',
  revoked: 'Révoqué',
  revoke: (a) => `Révoquer ${a}`,
  done: 'Terminé',
};

const ar: AgenticStrings = {
  ours: 'بيئة الاختبار: الرمز المميّز للوكيل وهذه النافذة وطريقة اعتماد مفتاح المرور للتفويض من ابتكار بيئة الاختبار.',
  email: 'البريد الإلكتروني',
  emailIntro: 'أدخل البريد الإلكتروني لملف Click to Pay الخاص بك.',
  next: 'التالي',
  noProfile: 'لا يوجد ملف Click to Pay لهذا البريد الإلكتروني.',
  enrolTitle: (a) => `اسمح لـ ${a} بالدفع نيابةً عنك`,
  enrolIntro:
    'اختر البطاقة التي يمكن لوكيلك الدفع بها. لا يدفع إلا ثمن المشتريات التي تعتمدها بمفتاح المرور للدفع، ويمكنك إلغاؤه في أي وقت.',
  chooseCard: 'البطاقة',
  enrolConsent: (a) => `أسمح لـ ${a} بطلب الدفع بهذه البطاقة`,
  consentNeeded: 'حدّد المربع للسماح للوكيل بطلب الدفع.',
  allow: 'السماح',
  enrolled: (a) => `يمكن لـ ${a} الآن طلب الدفع ببطاقتك.`,
  mandateTitle: 'اعتمد عملية شراء وكيلك',
  openMandateTitle: 'اعتمد حدود وكيلك',
  asksToPay: (a) => `يطلب ${a} دفع ثمن هذا الطلب.`,
  asksToBuy: (a) => `يطلب ${a} الشراء نيابةً عنك، دون أن يسألك مجددًا، ضمن هذه الحدود.`,
  items: 'المنتجات',
  line: (q, title) => `${q} × ${title}`,
  total: 'الإجمالي',
  paysWith: 'البطاقة',
  perPurchase: 'لكل عملية شراء، حتى',
  inAll: 'في المجموع، حتى',
  where: 'لدى',
  what: 'المنتجات',
  anyItem: 'أي منتج',
  until: 'حتى',
  inTheirWords: 'طلبك',
  approve: 'الاعتماد بمفتاح المرور',
  decline: 'رفض',
  approveFailed: 'تعذّر استخدام مفتاح المرور. حاول مجددًا أو ارفض.',
  passkeyNeeded:
    'لا تُعتمد عمليات شراء وكيلك إلا بمفتاح المرور للدفع، ولا يوجد على هذا الجهاز مفتاح لملفك. ارفض، أو أنشئ مفتاح مرور عند الدفع القادم.',
  approved: 'تم الاعتماد. يمكن لوكيلك الآن إتمام عملية الشراء.',
  approvedOpen: 'تم الاعتماد. يمكن لوكيلك الشراء ضمن هذه الحدود.',
  declined: 'تم الرفض. لا يمكن لوكيلك استخدامه.',
  manageTitle: 'وكلاؤك',
  noAgents: 'لا يمكن لأي وكيل طلب الدفع نيابةً عنك.',
  active: 'نشط',
  revoked: 'ملغى',
  revoke: (a) => `إلغاء ${a}`,
  done: 'تم',
};

export const AGENTIC_STRINGS: Record<DcfLocale, AgenticStrings> = { en_US: en, fr_FR: fr, ar_EG: ar };
