import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { emailError, passwordError, safeRedirectPath } from '@c2p/domain';
import { Page } from '../../components/layout/page';
import { notify } from '../../components/ui/toast';
import { ApiError } from './api';
import { selectIsAdmin, useAdmin } from './store';

type Field = 'email' | 'password';
const CHECKS: Record<Field, (value: string) => string | undefined> = { email: emailError, password: passwordError };

export default function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const isAdmin = useAdmin(selectIsAdmin);
  const auth = useAdmin((state) => state.auth);
  const signIn = useAdmin((state) => state.signIn);
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const target = safeRedirectPath(params.get('redirect')) ?? '/home';

  const check = (field: Field, value = values[field]) => setErrors((e) => ({ ...e, [field]: CHECKS[field](value) }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = { email: emailError(values.email), password: passwordError(values.password) };
    setErrors(found);
    setFormError(undefined);
    if (found.email || found.password) return;
    setBusy(true);
    try {
      await signIn(values.email.trim(), values.password);
      void notify('success', t('SIGN_IN.SIGNED_IN'));
      navigate(target);
    } catch (error) {
      const key =
        error instanceof ApiError && error.status === 429
          ? 'SIGN_IN.TOO_MANY_ATTEMPTS'
          : error instanceof ApiError && error.status === 422
            ? 'SIGN_IN.INVALID_CREDENTIALS'
            : 'ERROR_MESSAGES.TRY_AGAIN_LATER';
      setFormError(t(key));
    } finally {
      setBusy(false);
    }
  }

  if (isAdmin) {
    return (
      <Page title={t('SIGN_IN.TITLE')} className="sign-in">
        <p>{t('SIGN_IN.ALREADY_SIGNED_IN', { email: auth.user?.email ?? '' })}</p>
        <Link className="button button--primary" to={target}>
          {t('SIGN_IN.CONTINUE')}
        </Link>
      </Page>
    );
  }

  return (
    <Page title={t('SIGN_IN.TITLE')} className="sign-in">
      <p>{t('SIGN_IN.TEXT')}</p>
      <form className="form" noValidate onSubmit={submit}>
        {formError && (
          <p className="form__error" role="alert">
            {formError}
          </p>
        )}
        <TextField
          label={t('SIGN_IN.EMAIL')}
          type="email"
          autoComplete="username"
          value={values.email}
          error={errors.email && t(errors.email)}
          onChange={(value) => setValues((v) => ({ ...v, email: value }))}
          onCheck={(value) => check('email', value)}
        />
        <TextField
          label={t('SIGN_IN.PASSWORD')}
          type="password"
          autoComplete="current-password"
          value={values.password}
          error={errors.password && t(errors.password)}
          onChange={(value) => setValues((v) => ({ ...v, password: value }))}
          onCheck={(value) => check('password', value)}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('SIGN_IN.SIGNING_IN') : t('SIGN_IN.SUBMIT')}
        </button>
      </form>
    </Page>
  );
}

interface TextFieldProps {
  label: string;
  type: 'email' | 'password' | 'text';
  autoComplete: string;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
  /** Runs on keyup and blur, as spec section 5 validates. */
  onCheck(value: string): void;
}

function TextField({ label, type, autoComplete, value, error, onChange, onCheck }: TextFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        dir={type === 'email' ? 'ltr' : undefined}
        autoComplete={autoComplete}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onKeyUp={(event) => onCheck(event.currentTarget.value)}
        onBlur={(event) => onCheck(event.currentTarget.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
