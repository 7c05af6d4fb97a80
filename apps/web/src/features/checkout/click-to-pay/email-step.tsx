import { useState, type FormEvent } from 'react';
import { isEmailAddress } from '@c2p/domain/forms';
import { useTranslation } from '../../../lib/i18n';
import { TextField } from '../../../components/form/fields';
import { Loader } from '../../../components/ui/loader';
import { InfoButton } from '../../components';

/** The email lookup: a checked address goes to the network, which says whether it knows it. */
export function EmailStep({
  email,
  onEmailChange,
  testNote,
  busy,
  onLookUp,
}: {
  email: string;
  onEmailChange(email: string): void;
  /** Spec section 4: the test data suggested to the shopper (the use case's, or the tour experience's). */
  testNote: { key: string; values: Record<string, string> };
  busy: boolean;
  onLookUp(address: string): void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    if (!isEmailAddress(address)) {
      setError(t('VALIDATION.OTP_EMAIL'));
      return;
    }
    setError(undefined);
    onLookUp(address);
  };
  return (
    <form noValidate onSubmit={submit} className="c2p__email">
      <p>{t('CLICK_TO_PAY.EMAIL_INTRO')}</p>
      <InfoButton slug="email-lookup" />
      <TextField
        name="c2pEmail"
        type="email"
        label={t('CLICK_TO_PAY.EMAIL')}
        autoComplete="email"
        dir="ltr"
        value={email}
        error={error ? { text: error } : undefined}
        onChange={onEmailChange}
        onCheck={() => undefined}
      />
      <p className="c2p__hint">{t(testNote.key, testNote.values)}</p>
      <button type="submit" className="button button--primary" disabled={busy}>
        {t('CLICK_TO_PAY.LOOK_UP')}
      </button>
      {busy && <Loader label={t('POLISH.LOOKING_UP')} />}
    </form>
  );
}
