export { AccountMenu } from './account-menu';
export { SignInPanelHost } from './sign-in-panel-host';
export { openSignIn, useShopper } from './shopper-store';
