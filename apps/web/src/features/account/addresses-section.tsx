import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../components/ui/toast';
import { accountApi, type SavedAddress } from './api';
import { AddressFields, addressOf, useAddressForm } from '../../components/form/address-fields';
import { countryName } from '../../components/form/countries';
import { focusField } from '../../components/form/fields';
import { FormError } from '../../components/form/form-error';
import { RemoteView } from './remote-view';
import { useFailureMessage, useRemote, useSessionGuard } from './use-remote';
import { SettingsForm, useSettingsSubmit } from './settings-form';

type ListChange = (change: (list: SavedAddress[]) => SavedAddress[]) => void;

/** Shipping addresses: the saved list, adding one (validated with addressSchema) and deleting. */
export function AddressesSection() {
  const { t } = useTranslation();
  const { remote, retry, update } = useRemote(accountApi.addresses);
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { deleting, listError, remove } = useAddressRemoval(update, heading);

  return (
    <RemoteView remote={remote} retry={retry}>
      {(addresses) => (
        <div className="account-settings__addresses">
          <h4 ref={heading} tabIndex={-1} className="account-settings__subtitle">
            {t('ACCOUNT.ADDRESSES.SAVED_TITLE')}
          </h4>
          <FormError message={listError} />
          <AddressList addresses={addresses} deleting={deleting} onDelete={(address) => void remove(address)} />
          {adding ? (
            <AddressForm
              onSaved={(saved) => {
                update((list) => [...list, saved]);
                setAdding(false);
                void notify('success', { key: 'ACCOUNT.ADDRESSES.ADDED' });
                heading.current?.focus();
              }}
              onCancel={() => {
                setAdding(false);
                // Back to the button that opened the form, once it is rendered again.
                requestAnimationFrame(() => addButton.current?.focus());
              }}
            />
          ) : (
            <button ref={addButton} type="button" className="button button--ghost" onClick={() => setAdding(true)}>
              {t('ACCOUNT.ADDRESSES.ADD')}
            </button>
          )}
        </div>
      )}
    </RemoteView>
  );
}

/** Deleting a saved address: the one on its way out, and why the last attempt failed. */
function useAddressRemoval(update: ListChange, heading: RefObject<HTMLHeadingElement | null>) {
  const guard = useSessionGuard();
  const failureMessage = useFailureMessage();
  const [deleting, setDeleting] = useState<SavedAddress['id']>();
  const [listError, setListError] = useState<string>();

  async function remove(address: SavedAddress) {
    setListError(undefined);
    setDeleting(address.id);
    try {
      await accountApi.deleteAddress(address.id);
      update((list) => list.filter((item) => item.id !== address.id));
      void notify('success', { key: 'ACCOUNT.ADDRESSES.DELETED' });
      // The button that had focus is gone: continue from the list's heading.
      heading.current?.focus();
    } catch (error) {
      if (!guard(error)) setListError(failureMessage(error));
    } finally {
      setDeleting(undefined);
    }
  }

  return { deleting, listError, remove };
}

function AddressList({
  addresses,
  deleting,
  onDelete,
}: {
  addresses: SavedAddress[];
  deleting: SavedAddress['id'] | undefined;
  onDelete(address: SavedAddress): void;
}) {
  const { t, i18n } = useTranslation();
  const oneLine = (a: SavedAddress) =>
    [a.streetAddress1, a.streetAddress2, a.city, a.state, a.zipCode, countryName(a.country, i18n.language)]
      .filter(Boolean)
      .join(', ');

  if (addresses.length === 0) return <p className="account-settings__empty">{t('ACCOUNT.ADDRESSES.EMPTY')}</p>;
  return (
    <ul className="account-settings__list">
      {addresses.map((address) => (
        <li key={address.id} className="account-settings__address">
          <address>
            <strong>
              {address.firstName} {address.lastName}
            </strong>
            <br />
            <bdi>{oneLine(address)}</bdi>
          </address>
          <button
            type="button"
            className="button button--ghost account-small"
            disabled={deleting === address.id}
            aria-label={t('ACCOUNT.ADDRESSES.DELETE_LABEL', { address: address.streetAddress1 })}
            onClick={() => onDelete(address)}
          >
            {t('ACCOUNT.ADDRESSES.DELETE')}
          </button>
        </li>
      ))}
    </ul>
  );
}

function AddressForm({ onSaved, onCancel }: { onSaved(address: SavedAddress): void; onCancel(): void }) {
  const { t } = useTranslation();
  const form = useAddressForm();
  const submitter = useSettingsSubmit(form, async () => onSaved(await accountApi.addAddress(addressOf(form))));
  const { formRef } = submitter;
  // The form appears in place of the button that asked for it: continue on its first field.
  useEffect(() => focusField(formRef.current, 'firstName'), [formRef]);

  return (
    <SettingsForm
      submitter={submitter}
      submitLabel="ACCOUNT.ADDRESSES.SUBMIT"
      opened={{
        label: t('ACCOUNT.ADDRESSES.NEW_TITLE'),
        className: 'account-settings__address-form',
        cancelLabel: 'ACCOUNT.ADDRESSES.CANCEL',
        onCancel,
      }}
    >
      <AddressFields form={form} section="shipping" />
    </SettingsForm>
  );
}
