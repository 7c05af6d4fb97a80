import { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, useNavigate } from 'react-router';
import { safeRedirectPath } from '@c2p/domain';
import { signInSchema } from '@c2p/domain/forms';
import { notify } from '../../components/ui/toast';
import { fieldErrorsOf, serverMessage } from '../../lib/api-client';
import { TextField } from '../../components/form/fields';
import { closeSignIn, useShopper, useSignInPanel } from './shopper-store';
import { useForm } from '../../components/form/use-form';
import { useFormSubmit } from '../../components/form/use-form-submit';

const SCHEMAS = { email: signInSchema.shape.email, password: signInSchema.shape.password };

/** Spec section 2: the sign-in form of the slide-over; usable only when the active tool requires sign-in. */
export function SignInForm({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const atCheckout = useSignInPanel((state) => state.atCheckout);
  const redirect = useSignInPanel((state) => state.redirect);
  const showView = useSignInPanel((state) => state.showView);
  const form = useForm(SCHEMAS, { email: '', password: '' }, ['email']);
  const [invalidLogin, setInvalidLogin] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const noteId = useId();
  const forgotId = useId();

  // Spec section 4: a network user remembered on this browser is signed out of the SDK, so the
  // shopper's own profile is used. Only a page that loaded the SDK has one to ask.
  async function signOutNetworkUser() {
    try {
      const { signOutNetworkUser: signOut } = await import('../../lib/click-to-pay/client');
      await signOut();
    } catch {
      void notify('error', t('SRCI_ERRORS.SIGN_OUT.DEFAULT_ERROR'));
    }
  }

  const { formRef, busy, formError, setFormError, submit } = useFormSubmit(form, {
    enabled,
    async send() {
      setInvalidLogin(false);
      const { email, password } = form.output();
      const user = await useShopper.getState().signIn(email, password);
      await signOutNetworkUser();
      closeSignIn('success');
      void notify('success', t('ACCOUNT.SIGN_IN.SUCCESS', { name: user.firstName }));
      const target = safeRedirectPath(redirect);
      if (target) navigate(target);
    },
    // Wrong credentials are the form's answer, not a field's.
    onFailure(error) {
      const login = fieldErrorsOf(error)?.login?.[0];
      if (login === undefined) return false;
      setInvalidLogin(true);
      setFormError(login);
      return true;
    },
    failureMessage: (error) => serverMessage(error) ?? t('ERROR_MESSAGES.SOMETHING_WENT_WRONG'),
  });

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
      <TextField
        name="email"
        label={t('ACCOUNT.FIELDS.EMAIL')}
        type="email"
        autoComplete="username"
        value={form.values.email}
        error={form.errors.email}
        disabled={!enabled}
        onChange={(value) => form.setValue('email', value)}
        onCheck={(value, blur) => form.check('email', value, blur)}
      />
      <TextField
        name="password"
        label={t('ACCOUNT.FIELDS.PASSWORD')}
        type="password"
        autoComplete="current-password"
        value={form.values.password}
        error={form.errors.password}
        disabled={!enabled}
        onChange={(value) => form.setValue('password', value)}
        onCheck={(value, blur) => form.check('password', value, blur)}
      />
      <div className="account-form__row">
        <label className="checkbox checkbox--disabled">
          <input type="checkbox" name="rememberMe" disabled />
          {t('ACCOUNT.SIGN_IN.REMEMBER_ME')}
        </label>
        <button
          type="button"
          className="account-link"
          aria-expanded={forgotOpen}
          aria-controls={forgotId}
          onClick={() => setForgotOpen((open) => !open)}
        >
          {t('ACCOUNT.SIGN_IN.FORGOT_PASSWORD')}
        </button>
      </div>
      <p id={forgotId} className="account-form__note" hidden={!forgotOpen}>
        {t('ACCOUNT.SIGN_IN.FORGOT_PASSWORD_NOTE')}
      </p>
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
      {atCheckout && (
        <div className="account-form__guest" id="gt_id_6">
          <p className="account-form__divider">
            <span>{t('ACCOUNT.SIGN_IN.OR')}</span>
          </p>
          <Link to="/checkout" className="button button--ghost" onClick={() => closeSignIn('dismissed')}>
            {t('ACCOUNT.SIGN_IN.GUEST_CHECKOUT')}
          </Link>
        </div>
      )}
    </form>
  );
}
