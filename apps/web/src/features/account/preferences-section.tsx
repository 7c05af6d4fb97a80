import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../components/ui/toast';
import { accountApi, type Preferences } from './api';
import { serverMessage } from '../../lib/api-client';
import { RemoteView } from './remote-view';
import { useRemote, useSessionGuard } from './use-remote';

const CHOICES = [
  ['emailOffers', 'ACCOUNT.PREFERENCES.EMAIL_OFFERS'],
  ['smsOffers', 'ACCOUNT.PREFERENCES.SMS_OFFERS'],
  ['orderUpdates', 'ACCOUNT.PREFERENCES.ORDER_UPDATES'],
] as const;

/** Communication preferences: three choices, saved together. */
export function PreferencesSection() {
  const { remote, retry } = useRemote(accountApi.preferences);
  return (
    <RemoteView remote={remote} retry={retry}>
      {(saved) => <PreferencesForm saved={saved} />}
    </RemoteView>
  );
}

function PreferencesForm({ saved }: { saved: Preferences }) {
  const { t } = useTranslation();
  const guard = useSessionGuard();
  const [choices, setChoices] = useState(saved);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);
    setBusy(true);
    try {
      setChoices(await accountApi.savePreferences(choices));
      void notify('success', t('ACCOUNT.PREFERENCES.SAVED'));
    } catch (error) {
      if (!guard(error)) setFormError(serverMessage(error) ?? t('ERROR_MESSAGES.SOMETHING_WENT_WRONG'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form account-form" noValidate aria-busy={busy} onSubmit={submit}>
      {formError && (
        <p className="form__error" role="alert">
          {formError}
        </p>
      )}
      <fieldset className="account-settings__choices">
        <legend>{t('ACCOUNT.PREFERENCES.LEGEND')}</legend>
        {CHOICES.map(([name, label]) => (
          <label key={name} className="checkbox">
            <input
              type="checkbox"
              name={name}
              checked={choices[name]}
              onChange={(event) => setChoices((current) => ({ ...current, [name]: event.target.checked }))}
            />
            {t(label)}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t('ACCOUNT.SETTINGS.SAVING') : t('ACCOUNT.PREFERENCES.SUBMIT')}
      </button>
    </form>
  );
}
