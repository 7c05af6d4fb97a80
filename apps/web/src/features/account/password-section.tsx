import { useTranslation } from '../../lib/i18n';
import { passwordSchema } from '@c2p/domain/forms';
import { notify } from '../../components/ui/toast';
import { accountApi } from './api';
import { serverMessage } from '../../lib/api-client';
import { TextField } from '../../components/form/fields';
import { useForm } from '../../components/form/use-form';
import { useFormSubmit } from '../../components/form/use-form-submit';
import { useSessionGuard } from './use-remote';

const SCHEMAS = { currentPassword: passwordSchema, newPassword: passwordSchema };

/** Change password: current and new; a wrong current password (422) shows by its field. */
export function PasswordSection() {
  const { t } = useTranslation();
  const guard = useSessionGuard();
  const form = useForm(SCHEMAS, { currentPassword: '', newPassword: '' });
  const { formRef, busy, formError, submit } = useFormSubmit(form, {
    async send() {
      await accountApi.changePassword(form.values.currentPassword, form.values.newPassword);
      form.reset();
      void notify('success', t('ACCOUNT.PASSWORD.CHANGED'));
    },
    onFailure: guard,
    failureMessage: (error) => serverMessage(error) ?? t('ERROR_MESSAGES.SOMETHING_WENT_WRONG'),
  });

  return (
    <form ref={formRef} className="form account-form" noValidate aria-busy={busy} onSubmit={submit}>
      {formError && (
        <p className="form__error" role="alert">
          {formError}
        </p>
      )}
      <TextField
        name="currentPassword"
        label={t('ACCOUNT.PASSWORD.CURRENT')}
        type="password"
        autoComplete="current-password"
        {...form.bind('currentPassword')}
      />
      <TextField
        name="newPassword"
        label={t('ACCOUNT.PASSWORD.NEW')}
        type="password"
        autoComplete="new-password"
        {...form.bind('newPassword')}
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t('ACCOUNT.SETTINGS.SAVING') : t('ACCOUNT.PASSWORD.SUBMIT')}
      </button>
    </form>
  );
}
