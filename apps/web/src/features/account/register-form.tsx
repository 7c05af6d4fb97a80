import { useTranslation } from '../../lib/i18n';
import { useNavigate } from 'react-router';
import { safeRedirectPath } from '@c2p/domain';
import { registerSchema, registrationPhone } from '@c2p/domain/forms';
import { notify } from '../../components/ui/toast';
import { DEFAULT_DIAL_CODE } from '../../components/form/countries';
import { DialCodeField } from '../../components/form/dial-code-field';
import { TextField } from '../../components/form/fields';
import { closeSignIn, useShopper, useSignInPanel } from './shopper-store';
import { useForm } from '../../components/form/use-form';
import { useFormSubmit } from '../../components/form/use-form-submit';

const SCHEMAS = {
  firstName: registerSchema.shape.firstName,
  lastName: registerSchema.shape.lastName,
  phoneCountryCode: registerSchema.shape.phoneCountryCode,
  phoneNumber: registerSchema.shape.phoneNumber,
  email: registerSchema.shape.email,
  password: registerSchema.shape.password,
};
type Field = keyof typeof SCHEMAS;

const EMPTY: Record<Field, string> = {
  firstName: '',
  lastName: '',
  phoneCountryCode: DEFAULT_DIAL_CODE,
  phoneNumber: '',
  email: '',
  password: '',
};

/** Spec section 2: the registration form of the slide-over. Success signs the shopper in. */
export function RegisterForm({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const redirect = useSignInPanel((state) => state.redirect);
  const showView = useSignInPanel((state) => state.showView);
  const form = useForm(SCHEMAS, EMPTY, ['firstName', 'lastName', 'email']);

  const { formRef, busy, submit } = useFormSubmit(form, {
    enabled,
    async send() {
      const values = form.output();
      const user = await useShopper.getState().register({
        firstName: values.firstName,
        lastName: values.lastName,
        phoneNumber: registrationPhone(values.phoneCountryCode, values.phoneNumber),
        phoneCountryCode: values.phoneCountryCode,
        email: values.email,
        password: values.password,
      });
      form.reset();
      closeSignIn('success');
      void notify('success', t('ACCOUNT.REGISTER.SUCCESS', { name: user.firstName }));
      const target = safeRedirectPath(redirect);
      if (target) navigate(target);
    },
    // Spec section 8: field errors go by their fields; any other failure just stops the loading.
    failureMessage: () => undefined,
  });

  const text = (
    field: Exclude<Field, 'phoneCountryCode'>,
    label: string,
    autoComplete: string,
    type?: 'email' | 'password' | 'tel',
  ) => (
    <TextField
      name={field}
      label={label}
      type={type}
      autoComplete={autoComplete}
      value={form.values[field]}
      error={form.errors[field]}
      disabled={!enabled}
      onChange={(value) => form.setValue(field, value)}
      onCheck={(value, blur) => form.check(field, value, blur)}
    />
  );

  return (
    <form ref={formRef} className="form account-form" noValidate aria-busy={busy} onSubmit={submit}>
      {!enabled && <p className="account-form__note">{t('ACCOUNT.SIGN_IN.NOT_REQUIRED')}</p>}
      {text('firstName', t('ACCOUNT.FIELDS.FIRST_NAME'), 'given-name')}
      {text('lastName', t('ACCOUNT.FIELDS.LAST_NAME'), 'family-name')}
      <div className="account-form__phone">
        <DialCodeField
          label={t('ACCOUNT.FIELDS.COUNTRY_CODE')}
          value={form.values.phoneCountryCode}
          error={form.errors.phoneCountryCode}
          disabled={!enabled}
          onChange={(value) => {
            form.setValue('phoneCountryCode', value);
            form.check('phoneCountryCode', value);
          }}
        />
        {text('phoneNumber', t('ACCOUNT.FIELDS.PHONE_NUMBER'), 'tel-national', 'tel')}
      </div>
      {text('email', t('ACCOUNT.FIELDS.EMAIL'), 'email', 'email')}
      {text('password', t('ACCOUNT.FIELDS.PASSWORD'), 'new-password', 'password')}
      <button type="submit" className="button button--primary" disabled={!enabled || busy}>
        {busy ? t('ACCOUNT.REGISTER.SUBMITTING') : t('ACCOUNT.REGISTER.SUBMIT')}
      </button>
      <p className="account-form__switch">
        {t('ACCOUNT.REGISTER.HAVE_ACCOUNT')}{' '}
        <button type="button" className="account-link" onClick={() => showView('sign-in')}>
          {t('ACCOUNT.REGISTER.SIGN_IN_LINK')}
        </button>
      </p>
    </form>
  );
}
