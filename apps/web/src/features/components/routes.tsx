export { ComponentsIndex } from './components-index';
export { ComponentPage } from './component-page';
export { componentBySlug } from './catalogue';
