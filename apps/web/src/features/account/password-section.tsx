import { passwordSchema } from '@c2p/domain/forms';
import { notify } from '../../components/ui/toast';
import { accountApi } from './api';
import { TextFieldList, type TextFieldSpec } from '../../components/form/fields';
import { useForm } from '../../components/form/use-form';
import { SettingsForm, useSettingsSubmit } from './settings-form';

const SCHEMAS = { currentPassword: passwordSchema, newPassword: passwordSchema };

const FIELDS: TextFieldSpec<keyof typeof SCHEMAS>[] = [
  { name: 'currentPassword', label: 'ACCOUNT.PASSWORD.CURRENT', type: 'password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'ACCOUNT.PASSWORD.NEW', type: 'password', autoComplete: 'new-password' },
];

/** Change password: current and new; a wrong current password (422) shows by its field. */
export function PasswordSection() {
  const form = useForm(SCHEMAS, { currentPassword: '', newPassword: '' });
  const submitter = useSettingsSubmit(form, async () => {
    await accountApi.changePassword(form.values.currentPassword, form.values.newPassword);
    form.reset();
    void notify('success', { key: 'ACCOUNT.PASSWORD.CHANGED' });
  });

  return (
    <SettingsForm submitter={submitter} submitLabel="ACCOUNT.PASSWORD.SUBMIT">
      <TextFieldList form={form} fields={FIELDS} />
    </SettingsForm>
  );
}
