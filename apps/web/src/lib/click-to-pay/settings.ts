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

// Apart, so that /home (which shows the use case) does not load the configurations' defaults.
export { activeUseCase, type UseCase } from './use-case';
