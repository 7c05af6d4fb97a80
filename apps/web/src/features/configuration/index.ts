// What other features may use of the configuration: the live tool's settings (the screen itself is a lazy route).
export {
  authenticateParams,
  liveCheckoutConfiguration,
  liveScreenSettings,
  useCustomStyleSheet,
} from './live-settings';
export { ClickToPayButton, isButtonPowered } from './click-to-pay-button';
