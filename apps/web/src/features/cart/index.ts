export { useCart } from './cart-store';
export { OrderSummary } from './order-summary';
