export { useProducts } from './use-products';
export { useProductName, useProductNames } from './product-name';
