import { STORAGE_KEYS } from '@c2p/domain';
import { local } from './storage';

/** The guided tours: the Click to Pay experiences, card on file, installments, an agent buying (issue 39). */
export type TourKind = 'c2p' | 'cof' | 'installments' | 'agent';
/**
 * The tour's experiences, numbered as the tour counts them: 1 new user, 2 returning recognised
 * user, 3 repeat user on a new device; 4 (ours, issue 31) pays with a payment passkey. The agent
 * tour's: 1 the shopper approves the agent's cart, 2 an open mandate the agent buys within alone.
 */
export type Experience = 1 | 2 | 3 | 4;
export type TestDataOptionsType = 'email/password' | 'email/password/card-on-file';

/**
 * The tour state of spec section 3, kept under `tourStatus`: activatedUseCase (default the
 * returning user, experience 2), tourStepNo (default -1: no tour running), nextHintPos (where the
 * hint sits: above or below its target), testDataOptionsType. `tour`, `dismissed` and `rememberMe`
 * are ours: which tour runs, whether the presenter left it to explore, and whether the checkout
 * ticked Remember me (which unlocks experience 2).
 */
export interface TourStatus {
  activatedUseCase: Experience;
  tourStepNo: number;
  nextHintPos: 'top' | 'bottom' | null;
  testDataOptionsType: TestDataOptionsType;
  tour: TourKind;
  dismissed: boolean;
  rememberMe: boolean;
}

export const DEFAULT_TOUR_STATUS: TourStatus = {
  activatedUseCase: 2,
  tourStepNo: -1,
  nextHintPos: null,
  testDataOptionsType: 'email/password',
  tour: 'c2p',
  dismissed: false,
  rememberMe: false,
};

const listeners = new Set<() => void>();
let cached: { raw: string | null; value: TourStatus } | undefined;

function parse(raw: string | null): TourStatus {
  if (!raw) return DEFAULT_TOUR_STATUS;
  try {
    const value = JSON.parse(raw) as Partial<TourStatus> | null;
    if (!value || typeof value !== 'object') return DEFAULT_TOUR_STATUS;
    const experience = [1, 2, 3, 4].includes(value.activatedUseCase as number)
      ? (value.activatedUseCase as Experience)
      : DEFAULT_TOUR_STATUS.activatedUseCase;
    return {
      activatedUseCase: experience,
      tourStepNo: Number.isInteger(value.tourStepNo) ? (value.tourStepNo as number) : -1,
      nextHintPos: value.nextHintPos === 'top' || value.nextHintPos === 'bottom' ? value.nextHintPos : null,
      testDataOptionsType:
        value.testDataOptionsType === 'email/password/card-on-file' ? value.testDataOptionsType : 'email/password',
      tour: value.tour === 'cof' || value.tour === 'installments' || value.tour === 'agent' ? value.tour : 'c2p',
      dismissed: value.dismissed === true,
      rememberMe: value.rememberMe === true,
    };
  } catch {
    return DEFAULT_TOUR_STATUS;
  }
}

export function tourStatus(): TourStatus {
  const raw = local.get(STORAGE_KEYS.tourStatus);
  if (cached?.raw !== raw) cached = { raw, value: parse(raw) };
  return cached.value;
}

export function saveTourStatus(next: Partial<TourStatus>): TourStatus {
  const value = { ...tourStatus(), ...next };
  local.set(STORAGE_KEYS.tourStatus, JSON.stringify(value));
  listeners.forEach((listener) => listener());
  return value;
}

/** Ending a tour clears its state. */
export function clearTourStatus(): void {
  local.remove(STORAGE_KEYS.tourStatus);
  listeners.forEach((listener) => listener());
}

export function subscribeTourStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
