import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';
import { registrationPhone } from '@c2p/domain/forms';
import { notify } from '../../components/ui/toast';
import { accountApi, type Shopper } from './api';
import { nationalNumber } from '../../components/form/countries';
import { useShopper } from './shopper-store';
import { useForm } from '../../components/form/use-form';
import { PERSON_SCHEMAS, PersonFields } from './person-fields';
import { SettingsForm, useSettingsSubmit } from './settings-form';

const valuesOf = (user: Shopper) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  phoneCountryCode: user.phoneCountryCode,
  phoneNumber: nationalNumber(user.phoneNumber, user.phoneCountryCode),
});

/** Personal info: name and phone, validated like registration; the email is shown, not edited. */
export function ProfileSection({ user }: { user: Shopper }) {
  const form = useForm(PERSON_SCHEMAS, valuesOf(user), ['firstName', 'lastName']);
  const submitter = useSettingsSubmit(form, async () => {
    const values = form.output();
    const saved = await accountApi.updateProfile({
      ...values,
      phoneNumber: registrationPhone(values.phoneCountryCode, values.phoneNumber),
    });
    useShopper.getState().setUser(saved);
    form.reset(valuesOf(saved));
    void notify('success', { key: 'ACCOUNT.PROFILE.SAVED' });
  });

  return (
    <SettingsForm submitter={submitter} submitLabel="ACCOUNT.PROFILE.SUBMIT">
      <ReadOnlyEmail email={user.email} />
      <PersonFields form={form} />
    </SettingsForm>
  );
}

/** The sign-in email, shown with why it cannot be changed here. */
function ReadOnlyEmail({ email }: { email: string }) {
  const { t } = useTranslation();
  const emailId = useId();
  return (
    <div className="field">
      <label htmlFor={emailId}>{t('ACCOUNT.FIELDS.EMAIL')}</label>
      <input id={emailId} type="email" dir="ltr" value={email} readOnly aria-describedby={`${emailId}-hint`} />
      <p id={`${emailId}-hint`} className="field__hint">
        {t('ACCOUNT.PROFILE.EMAIL_HINT')}
      </p>
    </div>
  );
}
