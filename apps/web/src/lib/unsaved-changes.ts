import { create } from 'zustand';

/** Set by the configuration screen while it holds edits that are not saved yet. */
export const useUnsavedChanges = create<{ dirty: boolean; setDirty(dirty: boolean): void }>((set) => ({
  dirty: false,
  setDirty: (dirty) => set({ dirty }),
}));
