import { SUPPORTED_CARD_BRANDS, type SupportedCardBrand } from '@c2p/domain';

const BRAND_LABELS: Record<SupportedCardBrand, string> = {
  amex: 'American Express',
  visa: 'Visa',
  mastercard: 'Mastercard',
  discover: 'Discover',
};

/** One checkbox per supported card brand, inside the caller's fieldset. */
export function BrandChecks({
  checked,
  onChange,
  disabled,
  name,
}: {
  checked(brand: SupportedCardBrand): boolean;
  onChange(brand: SupportedCardBrand, on: boolean): void;
  disabled?: boolean;
  /** The checkbox's name for a brand, where a form names its fields. */
  name?(brand: SupportedCardBrand): string;
}) {
  return SUPPORTED_CARD_BRANDS.map((brand) => (
    <label key={brand} className="config-checks__option">
      <input
        type="checkbox"
        name={name?.(brand)}
        checked={checked(brand)}
        disabled={disabled}
        onChange={(event) => onChange(brand, event.target.checked)}
      />
      {BRAND_LABELS[brand]}
    </label>
  ));
}
