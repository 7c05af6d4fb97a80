export { InfoButton, type InfoWidgetSlug } from './info-button';
export { useInfoWidget } from './info-widget-store';
