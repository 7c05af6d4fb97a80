import { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, useNavigate } from 'react-router';
import { safeRedirectPath } from '@c2p/domain';
import { signInSchema } from '@c2p/domain/forms';
import { notify } from '../../components/ui/toast';
import { useDisclosure } from '../../components/ui/use-disclosure';
import { fieldErrorsOf } from '../../lib/api-client';
import { TextFieldList, type TextFieldSpec } from '../../components/form/fields';
import { closeSignIn, useShopper, useSignInPanel } from './shopper-store';
import { useForm, type Form } from '../../components/form/use-form';
import { useFormSubmit } from '../../components/form/use-form-submit';
import { useFailureMessage } from './use-remote';

const SCHEMAS = { email: signInSchema.shape.email, password: signInSchema.shape.password };
type Field = keyof typeof SCHEMAS;

const FIELDS: TextFieldSpec<Field>[] = [
  { name: 'email', label: 'ACCOUNT.FIELDS.EMAIL', type: 'email', autoComplete: 'username' },
  { name: 'password', label: 'ACCOUNT.FIELDS.PASSWORD', type: 'password', autoComplete: 'current-password' },
];

/** Spec section 2: the sign-in form of the slide-over; usable only when the active tool requires sign-in. */
export function SignInForm({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const showView = useSignInPanel((state) => state.showView);
  const form = useForm(SCHEMAS, { email: '', password: '' }, ['email']);
  const { formRef, busy, formError, invalidLogin, submit } = useSignInSubmit(form, enabled);
  const noteId = useId();

  return (
    <form ref={formRef} className="form account-form" noValidate aria-busy={busy} onSubmit={submit}>
      {!enabled && (
        <p id={noteId} className="account-form__note" tabIndex={-1} data-autofocus="">
          {t('ACCOUNT.SIGN_IN.NOT_REQUIRED')}
        </p>
      )}
      {formError && (
        <div className="form__error" role="alert">
          <p>{formError}</p>
          {/* Spec section 8: wrong credentials leave two ways on, trying again or registering. */}
          {invalidLogin && <p>{t('ERROR_MESSAGES.TRY_AGAIN_OR_CREATE_PROFILE')}</p>}
        </div>
      )}
      <TextFieldList form={form} fields={FIELDS} disabled={!enabled} />
      <RememberAndForgot />
      <button
        type="submit"
        className="button button--primary"
        disabled={!enabled || busy}
        aria-describedby={enabled ? undefined : noteId}
      >
        {busy ? t('ACCOUNT.SIGN_IN.SUBMITTING') : t('ACCOUNT.SIGN_IN.SUBMIT')}
      </button>
      <p className="account-form__switch">
        {t('ACCOUNT.SIGN_IN.NO_ACCOUNT')}{' '}
        <button type="button" className="account-link" disabled={!enabled} onClick={() => showView('register')}>
          {t('ACCOUNT.SIGN_IN.REGISTER_LINK')}
        </button>
      </p>
      <GuestCheckout />
    </form>
  );
}

/** Signs in, then goes where the panel was asked to lead; wrong credentials are the form's answer, not a field's. */
function useSignInSubmit(form: Form<Field>, enabled: boolean) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const redirect = useSignInPanel((state) => state.redirect);
  const failureMessage = useFailureMessage();
  const [invalidLogin, setInvalidLogin] = useState(false);

  const { formRef, busy, formError, setFormError, submit } = useFormSubmit(form, {
    enabled,
    async send() {
      setInvalidLogin(false);
      const { email, password } = form.output();
      const user = await useShopper.getState().signIn(email, password);
      await signOutNetworkUser(t('SRCI_ERRORS.SIGN_OUT.DEFAULT_ERROR'));
      closeSignIn('success');
      void notify('success', { key: 'ACCOUNT.SIGN_IN.SUCCESS', values: { name: user.firstName } });
      const target = safeRedirectPath(redirect);
      if (target) navigate(target);
    },
    onFailure(error) {
      const login = fieldErrorsOf(error)?.login?.[0];
      if (login === undefined) return false;
      setInvalidLogin(true);
      setFormError(login);
      return true;
    },
    failureMessage,
  });
  return { formRef, busy, formError, invalidLogin, submit };
}

// Spec section 4: a network user remembered on this browser is signed out of the SDK, so the
// shopper's own profile is used. Only a page that loaded the SDK has one to ask.
async function signOutNetworkUser(failureMessage: string) {
  try {
    const { signOutNetworkUser: signOut } = await import('../../lib/click-to-pay/client');
    await signOut();
  } catch {
    void notify('error', failureMessage);
  }
}

/** "Remember me" (not offered in the demo) and "Forgot password?", which shows a note. */
function RememberAndForgot() {
  const { t } = useTranslation();
  const forgot = useDisclosure();
  return (
    <>
      <div className="account-form__row">
        <label className="checkbox checkbox--disabled">
          <input type="checkbox" name="rememberMe" disabled />
          {t('ACCOUNT.SIGN_IN.REMEMBER_ME')}
        </label>
        <button type="button" className="account-link" {...forgot.toggle}>
          {t('ACCOUNT.SIGN_IN.FORGOT_PASSWORD')}
        </button>
      </div>
      <p className="account-form__note" {...forgot.part}>
        {t('ACCOUNT.SIGN_IN.FORGOT_PASSWORD_NOTE')}
      </p>
    </>
  );
}

/** At checkout, the panel also offers to go on as a guest. */
function GuestCheckout() {
  const { t } = useTranslation();
  const atCheckout = useSignInPanel((state) => state.atCheckout);
  if (!atCheckout) return null;
  return (
    <div className="account-form__guest" id="gt_id_6">
      <p className="account-form__divider">
        <span>{t('ACCOUNT.SIGN_IN.OR')}</span>
      </p>
      <Link to="/checkout" className="button button--ghost" onClick={() => closeSignIn('dismissed')}>
        {t('ACCOUNT.SIGN_IN.GUEST_CHECKOUT')}
      </Link>
    </div>
  );
}
