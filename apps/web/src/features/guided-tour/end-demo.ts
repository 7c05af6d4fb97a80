import { STORAGE_KEYS } from '@c2p/domain';
import { endClickToPaySession } from '../../lib/click-to-pay/client';
import { local } from '../../lib/storage';
import { clearTourStatus, tourStatus } from '../../lib/tour-status';

/** Experience 2 (returning recognised user) is open once 1 or 3 ended with Remember me (spec section 4). */
export const returningUserUnlocked = () => local.get(STORAGE_KEYS.useCase) === '2';

/**
 * End demo (spec section 2): the stored use case becomes 2 when the shopper is now a returning user
 * (Remember me was ticked, or this was the returning user's experience), else it is emptied; the
 * tour state is cleared and the next page loads afresh.
 */
export function endDemo(target = '/home'): void {
  const status = tourStatus();
  const returning = status.tour === 'c2p' && (status.rememberMe || status.activatedUseCase === 2);
  if (returning || returningUserUnlocked()) local.set(STORAGE_KEYS.useCase, '2');
  else local.remove(STORAGE_KEYS.useCase);
  clearTourStatus();
  endClickToPaySession();
  window.location.assign(target);
}
