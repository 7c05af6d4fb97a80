export { useProducts } from './use-products';
