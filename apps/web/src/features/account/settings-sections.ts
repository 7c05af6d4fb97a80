import type { ComponentType } from 'react';

/** A settings-area section another feature adds (Card on File's "Saved cards"), placed after `after`. */
export interface ExtraSettingsSection {
  id: string;
  /** Its label's catalogue key. */
  label: string;
  after: string;
  Component: ComponentType;
}

const extra: ExtraSettingsSection[] = [];

/** Registered by the app at start, so that the account feature does not import the others. */
export function addSettingsSection(section: ExtraSettingsSection): void {
  if (!extra.some((s) => s.id === section.id)) extra.push(section);
}

export const extraSettingsSections = (): readonly ExtraSettingsSection[] => extra;
