import { STORAGE_KEYS } from '@c2p/domain';
import { local } from '../../lib/storage';

/** Total item count of the stored cart; a missing or unreadable cart counts as empty. */
export function storedCartCount(): number {
  try {
    const items = JSON.parse(local.get(STORAGE_KEYS.cart) ?? '[]') as Array<{ count?: unknown }>;
    return Array.isArray(items)
      ? items.reduce((sum, item) => sum + (Number(item.count) > 0 ? Number(item.count) : 0), 0)
      : 0;
  } catch {
    return 0;
  }
}
