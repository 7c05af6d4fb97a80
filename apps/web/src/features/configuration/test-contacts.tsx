import { useState } from 'react';
import type { TestDataContactDetails } from '@c2p/domain';
import { addTestContact } from '@c2p/domain/configuration';
import { useTranslation } from '../../lib/i18n';
import { BrandChecks } from './brand-checks';
import { fieldId, useConfig } from './config-context';
import { getAt } from './config-store';
import { EditModeButton, FieldNote, PlainField, TextConfigField, withoutItem } from './fields';

const CONTACTS = 'store.testDataContactDetails';

/** The test contacts of the guided tour's test data: each editable, a problem with the list, a new one. */
export function TestContacts() {
  const { draft } = useConfig();
  return (
    <>
      {draft.store.testDataContactDetails.map((contact, index) => (
        <TestContactRow key={index} index={index} contact={contact} />
      ))}
      <ContactsError />
      <AddContactForm />
    </>
  );
}

function ContactsError() {
  const { t } = useTranslation();
  const { issues } = useConfig();
  const issue = issues.find((i) => i.path === CONTACTS);
  if (!issue) return null;
  return (
    <p id={fieldId(CONTACTS)} className="config-field__error" tabIndex={-1}>
      {t(issue.message)}
    </p>
  );
}

function SchemeChecks({ path, suffix }: { path: string; suffix: string }) {
  const { t } = useTranslation();
  const { draft, editing, issues, setAt } = useConfig();
  const schemes = (getAt(draft, path) ?? {}) as Record<string, boolean>;
  const issue = issues.find((i) => i.path === path);
  return (
    <fieldset id={fieldId(path)} className="config-field config-checks" aria-invalid={issue ? true : undefined}>
      <legend>
        {t('CONFIG_SCREEN.FIELDS.CONTACT_SCHEMES.LABEL')} {suffix}
      </legend>
      <BrandChecks
        checked={(brand) => schemes[brand] === true}
        disabled={!editing}
        onChange={(brand, on) => setAt(path, { ...schemes, [brand]: on })}
      />
      <FieldNote kind="error" text={issue && t(issue.message)} />
    </fieldset>
  );
}

function TestContactRow({ index, contact }: { index: number; contact: TestDataContactDetails }) {
  const { t } = useTranslation();
  const { draft, setAt } = useConfig();
  const at = `${CONTACTS}.${index}`;
  const suffix = String(index + 1);
  return (
    <div className="config-contact">
      <TextConfigField path={`${at}.emailId`} name="CONTACT_EMAIL" suffix={suffix} />
      <TextConfigField path={`${at}.phoneCountryCode`} name="CONTACT_COUNTRY_CODE" suffix={suffix} />
      <TextConfigField path={`${at}.phoneNumber`} name="CONTACT_PHONE" suffix={suffix} />
      <TextConfigField path={`${at}.phoneNumberText`} name="CONTACT_PHONE_TEXT" suffix={suffix} />
      <SchemeChecks path={`${at}.schemes`} suffix={suffix} />
      <EditModeButton
        label={t('CONFIG_SCREEN.ACTIONS.DELETE_CONTACT', { email: contact.emailId || suffix })}
        onClick={() => setAt(CONTACTS, withoutItem(draft.store.testDataContactDetails, index))}
      />
    </div>
  );
}

const EMPTY_CONTACT: TestDataContactDetails = {
  emailId: '',
  phoneNumber: '',
  phoneNumberText: '',
  phoneCountryCode: '+1',
  schemes: { mastercard: true },
};

/** What a new contact is typed with; its schemes are ticked below them. */
const NEW_CONTACT_FIELDS = [
  { key: 'emailId', id: 'cfg-new-email', type: 'email', name: 'CONTACT_EMAIL' },
  { key: 'phoneNumber', id: 'cfg-new-phone', type: 'tel', name: 'CONTACT_PHONE' },
] as const;

/** Adding a contact needs its email, a scheme and its phone; a duplicate is refused (spec section 5). */
function AddContactForm() {
  const { t } = useTranslation();
  const { draft, editing, setAt } = useConfig();
  const [contact, setContact] = useState(EMPTY_CONTACT);
  const [error, setError] = useState<string>();
  if (!editing) return null;
  const update = (patch: Partial<TestDataContactDetails>) => setContact((c) => ({ ...c, ...patch }));
  const add = () => {
    const answer = addTestContact(draft.store.testDataContactDetails, {
      ...contact,
      phoneNumberText: `${contact.phoneCountryCode} ${contact.phoneNumber}`,
    });
    if (!answer.ok) {
      setError(t(answer.error));
      return;
    }
    setError(undefined);
    setAt(CONTACTS, answer.contacts);
    setContact(EMPTY_CONTACT);
  };
  return (
    <div className="config-contact config-contact--new" role="group" aria-labelledby="cfg-new-contact">
      <h2 id="cfg-new-contact" className="config-contact__title">
        {t('CONFIG_SCREEN.ACTIONS.NEW_CONTACT')}
      </h2>
      {NEW_CONTACT_FIELDS.map(({ key, id, type, name }) => (
        <PlainField
          key={key}
          id={id}
          type={type}
          label={t(`CONFIG_SCREEN.FIELDS.${name}.LABEL`)}
          value={contact[key]}
          onChange={(event) => update({ [key]: event.target.value.trim() })}
        />
      ))}
      <fieldset className="config-field config-checks">
        <legend>{t('CONFIG_SCREEN.FIELDS.CONTACT_SCHEMES.LABEL')}</legend>
        <BrandChecks
          checked={(brand) => contact.schemes[brand] === true}
          onChange={(brand, on) => update({ schemes: { ...contact.schemes, [brand]: on } })}
        />
      </fieldset>
      <FieldNote kind="error" text={error} role="alert" />
      <button type="button" className="button button--secondary" onClick={add}>
        {t('CONFIG_SCREEN.ACTIONS.ADD_CONTACT')}
      </button>
    </div>
  );
}
