import { createContext, useContext } from 'react';
import type { ConfigIssue, ConfigurationBundle } from '@c2p/domain/configuration';

export interface ConfigContextValue {
  draft: ConfigurationBundle;
  editing: boolean;
  /** The problems to show by their fields (after a save attempt, and as the admin fixes them). */
  issues: ConfigIssue[];
  setAt(path: string, value: unknown): void;
  replace(next: ConfigurationBundle): void;
}

export const ConfigContext = createContext<ConfigContextValue | null>(null);

export function useConfig(): ConfigContextValue {
  const value = useContext(ConfigContext);
  if (!value) throw new Error('useConfig outside the configuration screen');
  return value;
}

/** The DOM id of a field, from its path, so that the save summary can link to it. */
export const fieldId = (path: string) => `cfg-${path.replace(/\./g, '-')}`;
