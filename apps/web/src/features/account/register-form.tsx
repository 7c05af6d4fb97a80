import { useTranslation } from '../../lib/i18n';
import { useNavigate } from 'react-router';
import { safeRedirectPath } from '@c2p/domain';
import { registerSchema, registrationPhone } from '@c2p/domain/forms';
import { notify } from '../../components/ui/toast';
import { DEFAULT_DIAL_CODE } from '../../components/form/countries';
import { TextFieldList, type TextFieldSpec } from '../../components/form/fields';
import { PERSON_SCHEMAS, PersonFields } from './person-fields';
import { closeSignIn, useShopper, useSignInPanel } from './shopper-store';
import { useForm } from '../../components/form/use-form';
import { useFormSubmit } from '../../components/form/use-form-submit';

const SCHEMAS = {
  ...PERSON_SCHEMAS,
  email: registerSchema.shape.email,
  password: registerSchema.shape.password,
};
type Field = keyof typeof SCHEMAS;

const CREDENTIAL_FIELDS: TextFieldSpec<Field>[] = [
  { name: 'email', label: 'ACCOUNT.FIELDS.EMAIL', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'ACCOUNT.FIELDS.PASSWORD', type: 'password', autoComplete: 'new-password' },
];

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
      void notify('success', { key: 'ACCOUNT.REGISTER.SUCCESS', values: { name: user.firstName } });
      const target = safeRedirectPath(redirect);
      if (target) navigate(target);
    },
    // Spec section 8: field errors go by their fields; any other failure just stops the loading.
    failureMessage: () => undefined,
  });

  return (
    <form ref={formRef} className="form account-form" noValidate aria-busy={busy} onSubmit={submit}>
      {!enabled && <p className="account-form__note">{t('ACCOUNT.SIGN_IN.NOT_REQUIRED')}</p>}
      <PersonFields form={form} disabled={!enabled} />
      <TextFieldList form={form} fields={CREDENTIAL_FIELDS} disabled={!enabled} />
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
