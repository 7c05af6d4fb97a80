import { STORAGE_KEYS } from '@c2p/domain';
import { local } from '../storage';

/** The use case of spec section 4: MSDT_USECASE holds n (default 1), activated as USE_CASE_{n}. */
export type UseCase = 'USE_CASE_1' | 'USE_CASE_2' | 'USE_CASE_3';

export function activeUseCase(): UseCase {
  const n = Number(local.get(STORAGE_KEYS.useCase) ?? '1');
  return n === 2 || n === 3 ? `USE_CASE_${n}` : 'USE_CASE_1';
}
