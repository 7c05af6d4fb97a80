import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { toCents } from '@c2p/domain';
import { Breadcrumbs } from '../../components/layout/breadcrumbs';
import { Loader } from '../../components/ui/loader';
import { Price } from '../../components/ui/price';
import { useProducts } from './use-products';

// Two rows of four at the widest layout: what a visitor sees before scrolling loads at once.
const ABOVE_THE_FOLD = 8;

export function ProductsPage() {
  const { t } = useTranslation();
  const { products, status } = useProducts();
  return (
    <main id="main" tabIndex={-1} className="main">
      <Breadcrumbs items={[{ label: t('SHOP.BREADCRUMBS.ALL_PRODUCTS') }]} />
      <h1 className="page-title">{t('SHOP.PRODUCTS.TITLE')}</h1>
      {status === 'loading' || status === 'idle' ? (
        <Loader />
      ) : products.length === 0 ? (
        <p className="empty-state">{t('SHOP.PRODUCTS.EMPTY')}</p>
      ) : (
        <ul className="product-grid">
          {products.map((product, index) => (
            <li key={product.id} className="product-card">
              <Link to={`/products/${product.id}`} className="product-card__link">
                <img
                  src={product.image}
                  alt=""
                  width="200"
                  height="200"
                  loading={index < ABOVE_THE_FOLD ? 'eager' : 'lazy'}
                  fetchPriority={index < ABOVE_THE_FOLD ? 'high' : 'auto'}
                />
                <span className="product-card__name">{product.name}</span>
              </Link>
              <Price cents={toCents(product.price)} className="product-card__price" />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
