import { useSyncExternalStore } from 'react';
import { subscribeTourStatus, tourStatus, type TourStatus } from '../../lib/tour-status';

/** The tour state, re-rendering on every change (this tab's). */
export function useTourStatus(): TourStatus {
  return useSyncExternalStore(subscribeTourStatus, tourStatus, tourStatus);
}
