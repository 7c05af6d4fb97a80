import { local } from '../storage';

/** The mock SRC file the mock tool answers from, by name; null means the experience's own file. */
export function selectedMockSrcFile(): string | null {
  return local.get('mockSrcFile');
}

export function selectMockSrcFile(name: string | null): void {
  if (name) local.set('mockSrcFile', name);
  else local.remove('mockSrcFile');
}
