import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useParams } from 'react-router';
import { MAX_ITEM_COUNT, toCents } from '@c2p/domain';
import { Breadcrumbs } from '../../components/layout/breadcrumbs';
import { Loader } from '../../components/ui/loader';
import { Price } from '../../components/ui/price';
import { notify } from '../../components/ui/toast';
import { useCart } from '../cart';
import { useProducts } from './use-products';

/** notFound: the page for an unknown product id, passed in by the app layer. */
export function ProductPage({ notFound }: { notFound: ReactNode }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const { products, status } = useProducts();
  const addById = useCart((s) => s.addById);
  const [quantity, setQuantity] = useState('1');
  const [error, setError] = useState<string>();
  const quantityId = useId();
  const product = products.find((p) => String(p.id) === id);

  // The loader takes the page's place (and its height), so the footer does not jump when the product arrives.
  if (status === 'loading' || status === 'idle')
    return (
      <main id="main" tabIndex={-1} className="main">
        <Loader />
      </main>
    );
  if (!product) return notFound;

  const add = () => {
    const count = Number(quantity);
    if (!Number.isInteger(count) || count < 1 || count > MAX_ITEM_COUNT) {
      setError(t('VALIDATION.QUANTITY'));
      return;
    }
    setError(undefined);
    addById(products, product.id, count);
    void notify('success', { key: 'SHOP.PRODUCT.ADDED', values: { count, name: product.name } });
  };

  return (
    <main id="main" tabIndex={-1} className="main">
      <Breadcrumbs items={[{ label: t('SHOP.BREADCRUMBS.ALL_PRODUCTS'), to: '/products' }, { label: product.name }]} />
      <div className="product-detail">
        <img src={product.image} alt={product.name} width="400" height="400" className="product-detail__image" />
        <div className="product-detail__info">
          <h1 className="page-title">{product.name}</h1>
          <Price cents={toCents(product.price)} className="product-detail__price" />
          <p>{product.description}</p>
          <div className="field field--quantity">
            <label htmlFor={quantityId}>{t('SHOP.PRODUCT.QUANTITY')}</label>
            <input
              id={quantityId}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_ITEM_COUNT}
              value={quantity}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${quantityId}-error` : undefined}
              onChange={(event) => setQuantity(event.target.value)}
            />
            {error && (
              <p id={`${quantityId}-error`} className="field__error">
                {error}
              </p>
            )}
          </div>
          <button type="button" className="button button--primary" onClick={add}>
            {t('SHOP.PRODUCT.ADD_TO_CART')}
          </button>
        </div>
      </div>
    </main>
  );
}
