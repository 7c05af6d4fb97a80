import { useRef, useState, type FormEvent } from 'react';
import { fieldErrorsOf } from '../../lib/api-client';
import { focusField } from './fields';

interface SubmittableForm {
  validateAll(): string | undefined;
  mergeServerErrors(server: Record<string, string[] | string | undefined>): string | undefined;
}

interface SubmitOptions {
  /** Sends the form (the fields are valid by then). */
  send(): Promise<unknown>;
  /** Handles a failure itself (an ended session, a form-level answer); true when it did. */
  onFailure?(error: unknown): boolean;
  /** The form-level message of a failure no field explains; none leaves the form as it is. */
  failureMessage(error: unknown): string | undefined;
  /** False while the form may not be sent (a disabled form). */
  enabled?: boolean;
}

/**
 * What every form does on submit: validate all fields (focusing the first invalid one), send,
 * and put the server's 422 field errors by their fields, or else a message above the form.
 */
export function useFormSubmit(form: SubmittableForm, options: SubmitOptions) {
  const formRef = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (options.enabled === false || busy) return;
    setFormError(undefined);
    const invalid = form.validateAll();
    if (invalid) return focusField(formRef.current, invalid);
    setBusy(true);
    try {
      await options.send();
    } catch (error) {
      if (options.onFailure?.(error)) return;
      const fields = fieldErrorsOf(error);
      const first = fields ? form.mergeServerErrors(fields) : undefined;
      if (first) return focusField(formRef.current, first);
      setFormError(options.failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return { formRef, busy, formError, setFormError, submit };
}
