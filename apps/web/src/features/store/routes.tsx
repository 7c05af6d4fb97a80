export { CartPage, EmptyCartPage } from '../cart/cart-page';
export { ProductPage } from '../products/product-page';
export { ProductsPage } from '../products/products-page';
export { StoreLayout } from './store-layout';
