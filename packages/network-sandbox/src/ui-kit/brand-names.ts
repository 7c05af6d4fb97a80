import type { NetworkCardBrand } from '@c2p/domain/card-brand';

/** The brands' own names, as the networks write them: the kit's English and French, and the DCF in every locale. */
export const LATIN_BRAND_NAMES: Record<NetworkCardBrand, string> = {
  mastercard: 'Mastercard',
  maestro: 'Maestro',
  visa: 'Visa',
  amex: 'American Express',
  discover: 'Discover',
};
