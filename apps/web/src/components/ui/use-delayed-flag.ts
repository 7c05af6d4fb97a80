import { useEffect, useState } from 'react';
import { FETCH_MIN_DISPLAY_DELAY_MS } from '@c2p/domain';

/**
 * True once `active` has lasted `delayMs` (the spec's fetch minimum display delay, 200 ms, by
 * default): a wait a shopper notices shows its progress, a quick answer does not flash a spinner.
 */
export function useDelayedFlag(active: boolean, delayMs = FETCH_MIN_DISPLAY_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [active, delayMs]);
  return active && shown;
}
