import { useState } from 'react';
import { type Contact } from '@c2p/domain';
import { contactSchema } from '@c2p/domain/forms';
import { useTranslation } from '../../lib/i18n';
import { DEFAULT_DIAL_CODE } from '../../components/form/countries';
import { DialCodeField } from '../../components/form/dial-code-field';
import { TextFieldList, type TextFieldSpec } from '../../components/form/fields';
import { useForm } from '../../components/form/use-form';
import { ChoiceFieldset } from './choice-fieldset';

const [byEmail, byPhone] = contactSchema.options;
const EMAIL_SCHEMAS = { email: byEmail.shape.email };
const PHONE_SCHEMAS = { phoneCountryCode: byPhone.shape.phoneCountryCode, phoneNumber: byPhone.shape.phoneNumber };
const EMAIL_FIELDS: TextFieldSpec<'email'>[] = [
  { name: 'email', type: 'email', label: 'CHECKOUT.SHIPPING.EMAIL', autoComplete: 'email' },
];
const PHONE_FIELDS: TextFieldSpec<'phoneNumber'>[] = [
  { name: 'phoneNumber', type: 'tel', label: 'CHECKOUT.SHIPPING.MOBILE', autoComplete: 'tel-national' },
];

/** The shipping contact: an email or a mobile number, the one the shopper chose checked and read. */
export function useContactForm(saved: Contact | undefined, signedInEmail: string | undefined) {
  const [type, setType] = useState<Contact['type']>(saved?.type ?? 'email');
  const emailForm = useForm(EMAIL_SCHEMAS, { email: saved?.type === 'email' ? saved.email : (signedInEmail ?? '') }, [
    'email',
  ]);
  const phoneForm = useForm(
    PHONE_SCHEMAS,
    saved?.type === 'phone'
      ? { phoneCountryCode: saved.phoneCountryCode, phoneNumber: saved.phoneNumber }
      : { phoneCountryCode: DEFAULT_DIAL_CODE, phoneNumber: '' },
    ['phoneNumber'],
  );
  return {
    type,
    setType,
    emailForm,
    phoneForm,
    /** The first invalid field's name, if any (every field's error shown). */
    validateAll: () => (type === 'email' ? emailForm.validateAll() : phoneForm.validateAll()),
    contact: (): Contact =>
      type === 'email' ? { type: 'email', ...emailForm.output() } : { type: 'phone', ...phoneForm.output() },
  };
}

export function ContactSection({ form }: { form: ReturnType<typeof useContactForm> }) {
  const { t } = useTranslation();
  const { emailForm, phoneForm } = form;
  return (
    <section aria-labelledby="contact-title">
      <h2 id="contact-title">{t('CHECKOUT.SHIPPING.CONTACT_TITLE')}</h2>
      <ChoiceFieldset<Contact['type']>
        legend={t('CHECKOUT.SHIPPING.CONTACT_BY')}
        name="contactType"
        options={['email', 'phone'] as const}
        value={form.type}
        onChange={form.setType}
        labelOf={(type) => t(type === 'email' ? 'CHECKOUT.SHIPPING.BY_EMAIL' : 'CHECKOUT.SHIPPING.BY_MOBILE')}
        className="radio-group"
        optionClassName="radio"
      />
      {form.type === 'email' ? (
        <TextFieldList form={emailForm} fields={EMAIL_FIELDS} />
      ) : (
        <div className="phone-fields fit-columns">
          <DialCodeField
            label={t('CHECKOUT.SHIPPING.COUNTRY_CODE')}
            value={phoneForm.values.phoneCountryCode}
            error={phoneForm.errors.phoneCountryCode}
            onChange={(value) => phoneForm.setValue('phoneCountryCode', value)}
          />
          <TextFieldList form={phoneForm} fields={PHONE_FIELDS} />
        </div>
      )}
    </section>
  );
}
