export { AccountMenu } from './account-menu';
export { SignInPanelHost } from './sign-in-panel-host';
export { openSignIn, useShopper } from './shopper-store';
export { useSettingsPanel } from './shopper-store';
export { useRemote, useSessionGuard } from './use-remote';
export { RemoteView } from './remote-view';
export { addSettingsSection } from './settings-sections';
