import type { LocalizedText } from '../../db/schema.ts';

/** One product of the demo shop, as seeded; prices in USD cents. */
export interface CatalogueEntry {
  slug: string;
  name: LocalizedText;
  description: LocalizedText;
  priceCents: number;
  category: string;
}

/**
 * The demo shop's catalogue. It is written into the database at every start (insert, or update
 * by slug), so an edit here reaches databases that already exist. Keep the order: the first
 * start numbers the products 1 to 10 in this order.
 */
export const CATALOGUE: readonly CatalogueEntry[] = [
  {
    slug: 'aurora-headphones',
    name: {
      'en-US': 'Aurora Wireless Headphones',
      'fr-FR': 'Casque sans fil Aurora',
      'ar-EG': 'سماعات أورورا اللاسلكية',
    },
    description: {
      'en-US':
        'Over-ear headphones with active noise cancelling and 30 hours of battery life. Soft memory-foam cushions keep long listening sessions comfortable.',
      'fr-FR':
        "Casque circum-auriculaire à réduction de bruit active, avec 30 heures d'autonomie. Ses coussinets en mousse à mémoire de forme restent confortables pendant les longues écoutes.",
      'ar-EG':
        'سماعات رأس محيطة بالأذن مع خاصية إلغاء الضوضاء النشط وبطارية تدوم 30 ساعة. وسائد من الإسفنج الذكي تمنحك الراحة طوال ساعات الاستماع.',
    },
    priceCents: 12999,
    category: 'audio',
  },
  {
    slug: 'pulse-smartwatch',
    name: { 'en-US': 'Pulse Smart Watch', 'fr-FR': 'Montre connectée Pulse', 'ar-EG': 'ساعة بلس الذكية' },
    description: {
      'en-US':
        'Tracks your heart rate, sleep and workouts, and shows your notifications at a glance. Water resistant to 50 metres, with up to a week per charge.',
      'fr-FR':
        "Suit votre fréquence cardiaque, votre sommeil et vos entraînements, et affiche vos notifications d'un coup d'œil. Étanche jusqu'à 50 mètres, avec jusqu'à une semaine d'autonomie.",
      'ar-EG':
        'تتابع نبضات قلبك ونومك وتمارينك، وتعرض إشعاراتك بنظرة سريعة. مقاومة للماء حتى عمق 50 مترًا، وتعمل حتى أسبوع كامل بشحنة واحدة.',
    },
    priceCents: 19900,
    category: 'wearables',
  },
  {
    slug: 'brio-espresso',
    name: { 'en-US': 'Brio Espresso Maker', 'fr-FR': 'Machine à espresso Brio', 'ar-EG': 'ماكينة إسبريسو بريو' },
    description: {
      'en-US':
        'A compact 15-bar espresso machine with a steam wand for silky milk foam. Makes café-quality espresso at home in under a minute.',
      'fr-FR':
        "Une machine à espresso compacte de 15 bars avec buse vapeur pour une mousse de lait onctueuse. Un espresso digne d'un café, chez vous, en moins d'une minute.",
      'ar-EG':
        'ماكينة إسبريسو صغيرة بضغط 15 بار مع أنبوب بخار لرغوة حليب ناعمة. تحضّر لك إسبريسو بجودة المقاهي في المنزل خلال أقل من دقيقة.',
    },
    priceCents: 14950,
    category: 'kitchen',
  },
  {
    slug: 'trail-daypack',
    name: { 'en-US': 'Trail Daypack 22 L', 'fr-FR': 'Sac à dos Trail 22 L', 'ar-EG': 'حقيبة ظهر ترايل 22 لترًا' },
    description: {
      'en-US':
        'A light 22-litre backpack with a padded laptop sleeve and a breathable back panel. Water-repellent fabric keeps your gear dry on the trail.',
      'fr-FR':
        'Un sac à dos léger de 22 litres avec une poche rembourrée pour ordinateur portable et un dos respirant. Son tissu déperlant garde vos affaires au sec en randonnée.',
      'ar-EG':
        'حقيبة ظهر خفيفة بسعة 22 لترًا مع جيب مبطّن للحاسوب المحمول وظهر جيد التهوية. قماشها الطارد للماء يحمي أغراضك من البلل أثناء التنزه.',
    },
    priceCents: 7995,
    category: 'outdoor',
  },
  {
    slug: 'stride-runners',
    name: { 'en-US': 'Stride Running Shoes', 'fr-FR': 'Chaussures de course Stride', 'ar-EG': 'حذاء الجري سترايد' },
    description: {
      'en-US':
        'Cushioned running shoes with a breathable knit upper and a grippy rubber sole. Built for daily miles on road and light trail.',
      'fr-FR':
        'Des chaussures de course amorties, avec une tige en maille respirante et une semelle en caoutchouc adhérente. Conçues pour vos sorties quotidiennes sur route et sur chemins faciles.',
      'ar-EG':
        'حذاء جري مريح بنعل مبطّن وجزء علوي من نسيج محبوك يسمح بمرور الهواء ونعل مطاطي ثابت. مصمم للجري اليومي على الطرق والمسارات السهلة.',
    },
    priceCents: 8999,
    category: 'apparel',
  },
  {
    slug: 'lumen-lamp',
    name: { 'en-US': 'Lumen Desk Lamp', 'fr-FR': 'Lampe de bureau Lumen', 'ar-EG': 'مصباح المكتب لومن' },
    description: {
      'en-US':
        'An adjustable LED desk lamp with five brightness levels and warm-to-cool colour temperature. A USB port in the base charges your phone while you work.',
      'fr-FR':
        'Une lampe de bureau LED orientable avec cinq niveaux de luminosité et une température de couleur réglable. Un port USB dans le socle recharge votre téléphone pendant que vous travaillez.',
      'ar-EG':
        'مصباح مكتب LED قابل للتعديل بخمسة مستويات سطوع ودرجات إضاءة من الدافئة إلى الباردة. منفذ USB في القاعدة يشحن هاتفك أثناء العمل.',
    },
    priceCents: 4500,
    category: 'home',
  },
  {
    slug: 'thermo-bottle',
    name: { 'en-US': 'Thermo Steel Bottle', 'fr-FR': 'Gourde isotherme Thermo', 'ar-EG': 'زجاجة ثيرمو الفولاذية' },
    description: {
      'en-US':
        'A double-walled stainless steel bottle that keeps drinks cold for 24 hours or hot for 12. Leak-proof lid, 750 ml.',
      'fr-FR':
        'Une gourde en acier inoxydable à double paroi qui garde vos boissons froides 24 heures ou chaudes 12 heures. Bouchon étanche, 750 ml.',
      'ar-EG':
        'زجاجة من الفولاذ المقاوم للصدأ بجدار مزدوج تحفظ المشروبات باردة 24 ساعة أو ساخنة 12 ساعة. غطاء محكم لا يسرّب، سعة 750 مل.',
    },
    priceCents: 2499,
    category: 'outdoor',
  },
  {
    slug: 'coast-sunglasses',
    name: {
      'en-US': 'Coast Polarized Sunglasses',
      'fr-FR': 'Lunettes de soleil polarisées Coast',
      'ar-EG': 'نظارة كوست الشمسية المستقطبة',
    },
    description: {
      'en-US':
        'Polarized lenses cut glare from water and roads, with full UV400 protection. A light, flexible frame for all-day wear.',
      'fr-FR':
        "Des verres polarisés qui atténuent les reflets de l'eau et de la route, avec une protection UV400 complète. Une monture légère et souple, à porter toute la journée.",
      'ar-EG':
        'عدسات مستقطبة تقلل الوهج المنعكس عن الماء والطرق، مع حماية كاملة من الأشعة فوق البنفسجية UV400. إطار خفيف ومرن يناسب الارتداء طوال اليوم.',
    },
    priceCents: 5900,
    category: 'apparel',
  },
  {
    slug: 'echo-speaker',
    name: { 'en-US': 'Echo Mini Speaker', 'fr-FR': 'Mini enceinte Echo', 'ar-EG': 'سماعة إيكو ميني' },
    description: {
      'en-US':
        'A pocket-sized Bluetooth speaker with surprisingly full sound and 12 hours of play. Splash-proof, with a strap to hang it anywhere.',
      'fr-FR':
        "Une enceinte Bluetooth de poche au son étonnamment riche, avec 12 heures d'écoute. Résistante aux éclaboussures, avec une dragonne pour l'accrocher partout.",
      'ar-EG':
        'سماعة بلوتوث بحجم الجيب بصوت غني يفوق حجمها وتشغيل يصل إلى 12 ساعة. مقاومة لرذاذ الماء، مع حزام لتعليقها في أي مكان.',
    },
    priceCents: 3999,
    category: 'audio',
  },
  {
    slug: 'field-notebooks',
    name: { 'en-US': 'Field Notebook Set', 'fr-FR': 'Lot de carnets Field', 'ar-EG': 'مجموعة دفاتر فيلد' },
    description: {
      'en-US':
        'Three pocket notebooks with dot-grid pages and sturdy kraft covers. Made from recycled paper that takes ink without bleeding.',
      'fr-FR':
        "Trois carnets de poche aux pages pointillées et à la couverture kraft résistante. En papier recyclé que l'encre ne traverse pas.",
      'ar-EG':
        'ثلاثة دفاتر جيب بصفحات منقّطة وأغلفة متينة من ورق الكرافت. مصنوعة من ورق معاد تدويره لا يتسرّب عبره الحبر.',
    },
    priceCents: 1850,
    category: 'stationery',
  },
];

export function productImage(slug: string): string {
  return `/images/products/${slug}.svg`;
}
