import { ProductPage as ProductDetails } from '../features/products/product-page';
import { NotFoundPage } from './error-page';

export { CartPage, EmptyCartPage } from '../features/cart/cart-page';
export { ProductsPage } from '../features/products/products-page';

export function ProductPage() {
  return <ProductDetails notFound={<NotFoundPage />} />;
}
