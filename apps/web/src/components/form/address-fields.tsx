import { useMemo } from 'react';
import { useTranslation } from '../../lib/i18n';
import { type Address } from '@c2p/domain';
import { addressSchema } from '@c2p/domain/forms';
import { addressCountries, statesOf } from './countries';
import { SelectField, TextField } from './fields';
import { useForm, type Form } from './use-form';

const S = addressSchema.shape;
export const ADDRESS_SCHEMAS = {
  firstName: S.firstName,
  lastName: S.lastName,
  streetAddress1: S.streetAddress1,
  streetAddress2: S.streetAddress2,
  city: S.city,
  country: S.country,
  state: S.state,
  zipCode: S.zipCode,
};
export type AddressField = keyof typeof ADDRESS_SCHEMAS;
export type AddressForm = Form<AddressField>;

const EMPTY: Record<AddressField, string> = {
  firstName: '',
  lastName: '',
  streetAddress1: '',
  streetAddress2: '',
  city: '',
  country: 'US',
  state: '',
  zipCode: '',
};
const TRIMMED: AddressField[] = [
  'firstName',
  'lastName',
  'streetAddress1',
  'streetAddress2',
  'city',
  'state',
  'zipCode',
];

export function useAddressForm(initial?: Partial<Address>): AddressForm {
  return useForm(ADDRESS_SCHEMAS, { ...EMPTY, ...initial }, TRIMMED);
}

/** The validated address a form holds; call after `validateAll` found nothing. */
export function addressOf(form: AddressForm): Address {
  return addressSchema.parse(form.output());
}

/**
 * The spec's address fields. Countries are named in the visitor's language; the United States,
 * Canada and Mexico get a state picker. `section` keeps browser autofill of two addresses apart.
 */
export function AddressFields({ form, section }: { form: AddressForm; section: 'shipping' | 'billing' }) {
  const { t, i18n } = useTranslation();
  const countries = useMemo(() => addressCountries(i18n.language), [i18n.language]);
  const states = statesOf(form.values.country);
  const prefix = section === 'billing' ? 'billing-' : '';

  const text = (field: Exclude<AddressField, 'country'>, label: string, autoComplete: string, wide = false) => (
    <TextField
      name={`${prefix}${field}`}
      label={t(label)}
      autoComplete={`section-${section} ${section} ${autoComplete}`}
      className={wide ? 'address-fields__wide' : undefined}
      dir={field === 'zipCode' ? 'ltr' : undefined}
      {...form.bind(field)}
    />
  );

  return (
    <div className="address-fields">
      {text('firstName', 'CHECKOUT.ADDRESS.FIRST_NAME', 'given-name')}
      {text('lastName', 'CHECKOUT.ADDRESS.LAST_NAME', 'family-name')}
      {text('streetAddress1', 'CHECKOUT.ADDRESS.STREET_1', 'address-line1', true)}
      {text('streetAddress2', 'CHECKOUT.ADDRESS.STREET_2', 'address-line2', true)}
      {text('city', 'CHECKOUT.ADDRESS.CITY', 'address-level2')}
      <SelectField
        name={`${prefix}country`}
        label={t('CHECKOUT.ADDRESS.COUNTRY')}
        autoComplete={`section-${section} ${section} country`}
        value={form.values.country}
        error={form.errors.country}
        onChange={(value) => {
          form.setValue('country', value);
          form.check('country', value);
          // A state chosen for the previous country means nothing for the new one.
          form.setValue('state', '');
        }}
      >
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </SelectField>
      {states.length > 0 ? (
        <SelectField
          name={`${prefix}state`}
          label={t('CHECKOUT.ADDRESS.STATE')}
          autoComplete={`section-${section} ${section} address-level1`}
          value={form.values.state}
          error={form.errors.state}
          onChange={(value) => {
            form.setValue('state', value);
            form.check('state', value);
          }}
        >
          <option value="">{t('CHECKOUT.ADDRESS.CHOOSE_STATE')}</option>
          {states.map((state) => (
            <option key={state.abbreviation} value={state.abbreviation}>
              {state.name}
            </option>
          ))}
        </SelectField>
      ) : (
        text('state', 'CHECKOUT.ADDRESS.STATE', 'address-level1')
      )}
      {text('zipCode', 'CHECKOUT.ADDRESS.ZIP_CODE', 'postal-code')}
    </div>
  );
}
