// The store lives in lib/ so that the configuration feature can set it; the app layer reads it here.
export { useUnsavedChanges } from '../lib/unsaved-changes';
