import {
  STORAGE_KEYS,
  storedOrDefaultCommonSettings,
  storedOrDefaultConfiguration,
  storedOrDefaultStoreConfiguration,
  type CommonSettings,
  type MerchantCheckoutConfiguration,
  type MerchantStoreConfiguration,
} from '@c2p/domain';
import { local, session } from '../storage';

/**
 * The merchant checkout configuration from local storage. A stored copy of another version is
 * replaced by the defaults (spec section 4), and what is used is written back.
 */
export function checkoutConfiguration(): MerchantCheckoutConfiguration {
  const stored = local.get(STORAGE_KEYS.merchantCheckoutConfiguration);
  const config = storedOrDefaultConfiguration(stored);
  if (JSON.stringify(config) !== stored) saveCheckoutConfiguration(config);
  return config;
}

export function saveCheckoutConfiguration(config: MerchantCheckoutConfiguration): void {
  local.set(STORAGE_KEYS.merchantCheckoutConfiguration, JSON.stringify(config));
}

/** The merchant store configuration (documentation links, test data), replaced by the defaults on another version. */
export function storeConfiguration(): MerchantStoreConfiguration {
  return storedOrDefaultStoreConfiguration(local.get(STORAGE_KEYS.merchantStoreConfiguration));
}

export function saveStoreConfiguration(config: MerchantStoreConfiguration): void {
  local.set(STORAGE_KEYS.merchantStoreConfiguration, JSON.stringify(config));
}

export function commonSettings(): CommonSettings {
  return storedOrDefaultCommonSettings(local.get(STORAGE_KEYS.commonSettings));
}

/** The hosted-checkout session flag (spec section 2: home and card-on-file turn it off). */
export function hostedCheckoutEnabled(): boolean {
  return session.get(STORAGE_KEYS.isHostedCheckoutEnabled) === 'true';
}

/** The use case of spec section 4: MSDT_USECASE holds n (default 1), activated as USE_CASE_{n}. */
export type UseCase = 'USE_CASE_1' | 'USE_CASE_2' | 'USE_CASE_3';

export function activeUseCase(): UseCase {
  const n = Number(local.get(STORAGE_KEYS.useCase) ?? '1');
  return n === 2 || n === 3 ? `USE_CASE_${n}` : 'USE_CASE_1';
}
