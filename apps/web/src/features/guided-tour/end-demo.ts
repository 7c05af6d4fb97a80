import { STORAGE_KEYS } from '@c2p/domain';
import { endClickToPaySession } from '../../lib/click-to-pay/client';
import { local } from '../../lib/storage';
import { clearTourStatus, tourStatus } from '../../lib/tour-status';

/** Experience 2 (returning recognised user) is open once 1 or 3 ended with Remember me (spec section 4). */
export const returningUserUnlocked = () => local.get(STORAGE_KEYS.tourReturningUser) === 'true';

/**
 * End demo (spec section 2): a shopper who is now a returning user (Remember me was ticked, or this
 * was the returning user's experience) becomes the live tool's use case 1, the returning recognised
 * user, as home names it; otherwise the stored use case is emptied. MSDT_USECASE has the home page's
 * meaning only: the tour's experience numbers stay in the tour's state. The tour state is cleared
 * and the next page loads afresh.
 */
export function endDemo(target = '/home'): void {
  const status = tourStatus();
  const returning = status.tour === 'c2p' && (status.rememberMe || status.activatedUseCase === 2);
  if (returning) {
    local.set(STORAGE_KEYS.useCase, '1');
    local.set(STORAGE_KEYS.tourReturningUser, 'true');
  } else {
    local.remove(STORAGE_KEYS.useCase);
  }
  clearTourStatus();
  endClickToPaySession();
  window.location.assign(target);
}
