import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';
import { registerSchema, registrationPhone } from '@c2p/domain/forms';
import { notify } from '../../components/ui/toast';
import { accountApi, type Shopper } from './api';
import { nationalNumber } from '../../components/form/countries';
import { DialCodeField } from '../../components/form/dial-code-field';
import { serverMessage } from '../../lib/api-client';
import { TextField } from '../../components/form/fields';
import { useShopper } from './shopper-store';
import { useForm } from '../../components/form/use-form';
import { useFormSubmit } from '../../components/form/use-form-submit';
import { useSessionGuard } from './use-remote';

const SCHEMAS = {
  firstName: registerSchema.shape.firstName,
  lastName: registerSchema.shape.lastName,
  phoneCountryCode: registerSchema.shape.phoneCountryCode,
  phoneNumber: registerSchema.shape.phoneNumber,
};

const valuesOf = (user: Shopper) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  phoneCountryCode: user.phoneCountryCode,
  phoneNumber: nationalNumber(user.phoneNumber, user.phoneCountryCode),
});

/** Personal info: name and phone, validated like registration; the email is shown, not edited. */
export function ProfileSection({ user }: { user: Shopper }) {
  const { t } = useTranslation();
  const guard = useSessionGuard();
  const form = useForm(SCHEMAS, valuesOf(user), ['firstName', 'lastName']);
  const emailId = useId();
  const { formRef, busy, formError, submit } = useFormSubmit(form, {
    async send() {
      const values = form.output();
      const saved = await accountApi.updateProfile({
        ...values,
        phoneNumber: registrationPhone(values.phoneCountryCode, values.phoneNumber),
      });
      useShopper.getState().setUser(saved);
      form.reset(valuesOf(saved));
      void notify('success', t('ACCOUNT.PROFILE.SAVED'));
    },
    onFailure: guard,
    failureMessage: (error) => serverMessage(error) ?? t('ERROR_MESSAGES.SOMETHING_WENT_WRONG'),
  });

  const text = (field: 'firstName' | 'lastName' | 'phoneNumber', label: string, autoComplete: string) => (
    <TextField
      name={field}
      label={label}
      type={field === 'phoneNumber' ? 'tel' : 'text'}
      autoComplete={autoComplete}
      {...form.bind(field)}
    />
  );

  return (
    <form ref={formRef} className="form account-form" noValidate aria-busy={busy} onSubmit={submit}>
      {formError && (
        <p className="form__error" role="alert">
          {formError}
        </p>
      )}
      <div className="field">
        <label htmlFor={emailId}>{t('ACCOUNT.FIELDS.EMAIL')}</label>
        <input id={emailId} type="email" dir="ltr" value={user.email} readOnly aria-describedby={`${emailId}-hint`} />
        <p id={`${emailId}-hint`} className="field__hint">
          {t('ACCOUNT.PROFILE.EMAIL_HINT')}
        </p>
      </div>
      {text('firstName', t('ACCOUNT.FIELDS.FIRST_NAME'), 'given-name')}
      {text('lastName', t('ACCOUNT.FIELDS.LAST_NAME'), 'family-name')}
      <div className="account-form__phone">
        <DialCodeField
          label={t('ACCOUNT.FIELDS.COUNTRY_CODE')}
          value={form.values.phoneCountryCode}
          error={form.errors.phoneCountryCode}
          onChange={(value) => {
            form.setValue('phoneCountryCode', value);
            form.check('phoneCountryCode', value);
          }}
        />
        {text('phoneNumber', t('ACCOUNT.FIELDS.PHONE_NUMBER'), 'tel-national')}
      </div>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t('ACCOUNT.SETTINGS.SAVING') : t('ACCOUNT.PROFILE.SUBMIT')}
      </button>
    </form>
  );
}
