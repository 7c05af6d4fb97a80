import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../components/ui/toast';
import { accountApi, type SavedAddress } from './api';
import { AddressFields, addressOf, useAddressForm } from '../../components/form/address-fields';
import { countryName } from '../../components/form/countries';
import { serverMessage } from '../../lib/api-client';
import { focusField } from '../../components/form/fields';
import { RemoteView } from './remote-view';
import { useRemote, useSessionGuard } from './use-remote';
import { useFormSubmit } from '../../components/form/use-form-submit';

/** Shipping addresses: the saved list, adding one (validated with addressSchema) and deleting. */
export function AddressesSection() {
  const { t, i18n } = useTranslation();
  const guard = useSessionGuard();
  const { remote, retry, update } = useRemote(accountApi.addresses);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<SavedAddress['id']>();
  const [listError, setListError] = useState<string>();
  const addButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const oneLine = (a: SavedAddress) =>
    [a.streetAddress1, a.streetAddress2, a.city, a.state, a.zipCode, countryName(a.country, i18n.language)]
      .filter(Boolean)
      .join(', ');

  async function remove(address: SavedAddress) {
    setListError(undefined);
    setDeleting(address.id);
    try {
      await accountApi.deleteAddress(address.id);
      update((list) => list.filter((item) => item.id !== address.id));
      void notify('success', t('ACCOUNT.ADDRESSES.DELETED'));
      // The button that had focus is gone: continue from the list's heading.
      heading.current?.focus();
    } catch (error) {
      if (!guard(error)) setListError(serverMessage(error) ?? t('ERROR_MESSAGES.SOMETHING_WENT_WRONG'));
    } finally {
      setDeleting(undefined);
    }
  }

  return (
    <RemoteView remote={remote} retry={retry}>
      {(addresses) => (
        <div className="account-settings__addresses">
          <h4 ref={heading} tabIndex={-1} className="account-settings__subtitle">
            {t('ACCOUNT.ADDRESSES.SAVED_TITLE')}
          </h4>
          {listError && (
            <p className="form__error" role="alert">
              {listError}
            </p>
          )}
          {addresses.length === 0 ? (
            <p className="account-settings__empty">{t('ACCOUNT.ADDRESSES.EMPTY')}</p>
          ) : (
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
                    onClick={() => void remove(address)}
                  >
                    {t('ACCOUNT.ADDRESSES.DELETE')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {adding ? (
            <AddressForm
              onSaved={(saved) => {
                update((list) => [...list, saved]);
                setAdding(false);
                void notify('success', t('ACCOUNT.ADDRESSES.ADDED'));
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

function AddressForm({ onSaved, onCancel }: { onSaved(address: SavedAddress): void; onCancel(): void }) {
  const { t } = useTranslation();
  const guard = useSessionGuard();
  const form = useAddressForm();
  const { formRef, busy, formError, submit } = useFormSubmit(form, {
    send: async () => onSaved(await accountApi.addAddress(addressOf(form))),
    onFailure: guard,
    failureMessage: (error) => serverMessage(error) ?? t('ERROR_MESSAGES.SOMETHING_WENT_WRONG'),
  });
  // The form appears in place of the button that asked for it: continue on its first field.
  useEffect(() => focusField(formRef.current, 'firstName'), [formRef]);

  return (
    <form
      ref={formRef}
      className="form account-form account-settings__address-form"
      noValidate
      aria-busy={busy}
      aria-label={t('ACCOUNT.ADDRESSES.NEW_TITLE')}
      onSubmit={submit}
    >
      {formError && (
        <p className="form__error" role="alert">
          {formError}
        </p>
      )}
      <AddressFields form={form} section="shipping" />
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('ACCOUNT.SETTINGS.SAVING') : t('ACCOUNT.ADDRESSES.SUBMIT')}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('ACCOUNT.ADDRESSES.CANCEL')}
        </button>
      </div>
    </form>
  );
}
