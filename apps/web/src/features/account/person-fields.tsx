import { registerSchema } from '@c2p/domain/forms';
import { useTranslation } from '../../lib/i18n';
import { DialCodeField } from '../../components/form/dial-code-field';
import { TextField, TextFieldList, type TextFieldSpec } from '../../components/form/fields';
import type { Form } from '../../components/form/use-form';

/** The shopper's name and phone, validated as registration validates them. */
export const PERSON_SCHEMAS = {
  firstName: registerSchema.shape.firstName,
  lastName: registerSchema.shape.lastName,
  phoneCountryCode: registerSchema.shape.phoneCountryCode,
  phoneNumber: registerSchema.shape.phoneNumber,
};
type PersonField = keyof typeof PERSON_SCHEMAS;

const NAME_FIELDS: TextFieldSpec<PersonField>[] = [
  { name: 'firstName', label: 'ACCOUNT.FIELDS.FIRST_NAME', autoComplete: 'given-name' },
  { name: 'lastName', label: 'ACCOUNT.FIELDS.LAST_NAME', autoComplete: 'family-name' },
];

/** First and last name, then the phone: its country code beside its number (above it when narrow). */
export function PersonFields({
  form,
  disabled,
}: {
  form: Pick<Form<PersonField>, 'values' | 'errors' | 'bind' | 'setValue' | 'check'>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextFieldList form={form} fields={NAME_FIELDS} disabled={disabled} />
      <div className="account-form__phone fit-columns">
        <DialCodeField
          label={t('ACCOUNT.FIELDS.COUNTRY_CODE')}
          value={form.values.phoneCountryCode}
          error={form.errors.phoneCountryCode}
          disabled={disabled}
          onChange={(value) => {
            form.setValue('phoneCountryCode', value);
            form.check('phoneCountryCode', value);
          }}
        />
        <TextField
          name="phoneNumber"
          label={t('ACCOUNT.FIELDS.PHONE_NUMBER')}
          type="tel"
          autoComplete="tel-national"
          disabled={disabled}
          {...form.bind('phoneNumber')}
        />
      </div>
    </>
  );
}
