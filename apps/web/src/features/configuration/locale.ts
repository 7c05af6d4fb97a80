import { useAreaMessages } from '../../lib/area-messages';

/** True once the screen's messages (namespace CONFIG_SCREEN) are in the catalogue of the language shown. */
export const useConfigurationMessages = (): boolean => useAreaMessages('configuration');
