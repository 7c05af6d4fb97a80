import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../components/ui/toast';
import { accountApi, type Preferences } from './api';
import { RemoteView } from './remote-view';
import { useRemote } from './use-remote';
import { SettingsForm, useSettingsSubmit } from './settings-form';

const CHOICES = [
  ['emailOffers', 'ACCOUNT.PREFERENCES.EMAIL_OFFERS'],
  ['smsOffers', 'ACCOUNT.PREFERENCES.SMS_OFFERS'],
  ['orderUpdates', 'ACCOUNT.PREFERENCES.ORDER_UPDATES'],
] as const;

/** Checkboxes cannot be invalid and the server names no field: nothing to check or place. */
const CHECKBOXES_ONLY = { validateAll: () => undefined, mergeServerErrors: () => undefined };

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
  const [choices, setChoices] = useState(saved);
  const submitter = useSettingsSubmit(CHECKBOXES_ONLY, async () => {
    setChoices(await accountApi.savePreferences(choices));
    void notify('success', { key: 'ACCOUNT.PREFERENCES.SAVED' });
  });

  return (
    <SettingsForm submitter={submitter} submitLabel="ACCOUNT.PREFERENCES.SUBMIT">
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
    </SettingsForm>
  );
}
