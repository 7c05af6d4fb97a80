// Card on File (issue 13): the lander and the saved-cards page.
export { default as CardOnFilePage } from './lander';
export { SavedCardsPage } from './saved-cards-page';
