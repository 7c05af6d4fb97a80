import { useRef } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useNavigate, useSearchParams } from 'react-router';
import { needsFullPageLoad, safeRedirectPath } from '@c2p/domain';
import { signInSchema } from '@c2p/domain/forms';
import { TextFieldList, type TextFieldSpec } from '../../components/form/fields';
import { FormError } from '../../components/form/form-error';
import { useForm } from '../../components/form/use-form';
import { useFormSubmit } from '../../components/form/use-form-submit';
import { Page } from '../../components/layout/page';
import { Redirect } from '../../components/ui/redirect';
import { notify, notifyAfterReload } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { selectIsAdmin, useAdmin } from './store';

const FIELDS: TextFieldSpec<'email' | 'password'>[] = [
  { name: 'email', label: 'SIGN_IN.EMAIL', type: 'email', autoComplete: 'username' },
  { name: 'password', label: 'SIGN_IN.PASSWORD', type: 'password', autoComplete: 'current-password' },
];

export default function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const isAdmin = useAdmin(selectIsAdmin);
  const signIn = useAdmin((state) => state.signIn);
  const form = useForm(signInSchema.shape, { email: '', password: '' }, ['email']);
  const signingIn = useRef(false);
  const target = safeRedirectPath(params.get('redirect')) ?? '/home';

  const { formRef, busy, formError, submit } = useFormSubmit(form, {
    async send() {
      signingIn.current = true;
      try {
        const { email, password } = form.output();
        await signIn(email, password);
        const message = { key: 'SIGN_IN.SIGNED_IN' };
        if (needsFullPageLoad('/sign-in', target)) notifyAfterReload('success', message);
        else void notify('success', message);
        navigate(target);
      } finally {
        signingIn.current = false;
      }
    },
    failureMessage: (error) =>
      t(
        error instanceof ApiError && error.status === 429
          ? 'SIGN_IN.TOO_MANY_ATTEMPTS'
          : error instanceof ApiError && error.status === 422
            ? 'SIGN_IN.INVALID_CREDENTIALS'
            : 'ERROR_MESSAGES.TRY_AGAIN_LATER',
      ),
  });

  // Spec section 6: a signed-in user on a guest page goes home (or where the link was taking them).
  // Not while this page's own sign-in finishes: submit navigates then, after keeping its toast.
  if (isAdmin && !signingIn.current) return <Redirect to={target} />;

  return (
    <Page title={t('SIGN_IN.TITLE')} className="sign-in">
      <p>{t('SIGN_IN.TEXT')}</p>
      <form ref={formRef} className="form" noValidate onSubmit={submit}>
        <FormError message={formError} />
        <TextFieldList form={form} fields={FIELDS} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('SIGN_IN.SIGNING_IN') : t('SIGN_IN.SUBMIT')}
        </button>
      </form>
    </Page>
  );
}
