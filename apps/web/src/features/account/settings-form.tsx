import type { FormEvent, ReactNode, RefObject } from 'react';
import { useTranslation } from '../../lib/i18n';
import { FormError } from '../../components/form/form-error';
import { useFormSubmit } from '../../components/form/use-form-submit';
import { useFailureMessage, useSessionGuard } from './use-remote';

type SubmittableForm = Parameters<typeof useFormSubmit>[0];

/** A settings form's submit: an ended session signs the shopper out here, any other failure shows above the form. */
export function useSettingsSubmit(form: SubmittableForm, send: () => Promise<unknown>) {
  const guard = useSessionGuard();
  const failureMessage = useFailureMessage();
  return useFormSubmit(form, { send, onFailure: guard, failureMessage });
}

interface SettingsFormProps {
  submitter: {
    formRef: RefObject<HTMLFormElement | null>;
    busy: boolean;
    formError: string | undefined;
    submit(event: FormEvent): void;
  };
  /** The submit button's catalogue key (it reads "Saving…" while the form is sent). */
  submitLabel: string;
  children: ReactNode;
  /** A form opened in place of a button has a name of its own, a class and a Cancel beside its submit. */
  opened?: { label: string; className: string; cancelLabel: string; onCancel(): void };
}

/** A settings section's form: its failure above the fields, its submit button below them. */
export function SettingsForm({ submitter, submitLabel, children, opened }: SettingsFormProps) {
  const { t } = useTranslation();
  const { formRef, busy, formError, submit } = submitter;
  const submitButton = (
    <button type="submit" className="button button--primary" disabled={busy}>
      {busy ? t('ACCOUNT.SETTINGS.SAVING') : t(submitLabel)}
    </button>
  );
  return (
    <form
      ref={formRef}
      className={`form account-form${opened ? ` ${opened.className}` : ''}`}
      noValidate
      aria-busy={busy}
      aria-label={opened?.label}
      onSubmit={submit}
    >
      <FormError message={formError} />
      {children}
      {opened ? (
        <div className="account-form__actions">
          {submitButton}
          <button type="button" className="button button--ghost" onClick={opened.onCancel}>
            {t(opened.cancelLabel)}
          </button>
        </div>
      ) : (
        submitButton
      )}
    </form>
  );
}
