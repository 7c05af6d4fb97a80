// Card on File (issue 13): what other features use. The lander and the saved-cards page are routes.
export { SavedCardsPayment, SaveCardOption } from './checkout-payment';
export { CardOnFileReceipt } from './receipt';
export { SavedCardsSection } from './settings-section';
export { useCardSaving } from './saving-store';
