import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useNavigate } from 'react-router';
import { type Contact } from '@c2p/domain';
import { contactSchema } from '@c2p/domain/forms';
import { AddressFields, addressOf, useAddressForm } from '../../components/form/address-fields';
import { DEFAULT_DIAL_CODE } from '../../components/form/countries';
import { DialCodeField } from '../../components/form/dial-code-field';
import { focusField, TextField } from '../../components/form/fields';
import { useForm } from '../../components/form/use-form';
import { useShopper } from '../account';
import { useCheckout } from '../../lib/checkout-store';
import { CheckoutStep } from './checkout-step';

const [byEmail, byPhone] = contactSchema.options;
const EMAIL_SCHEMAS = { email: byEmail.shape.email };
const PHONE_SCHEMAS = { phoneCountryCode: byPhone.shape.phoneCountryCode, phoneNumber: byPhone.shape.phoneNumber };

export function ShippingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const saved = useCheckout((s) => s.shipping);
  const savedBilling = useCheckout((s) => s.billingAddress);
  const setShipping = useCheckout((s) => s.setShipping);
  const user = useShopper((s) => s.user);
  const shipping = useAddressForm(
    saved?.address ?? { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' },
  );
  const billing = useAddressForm(saved?.saveAsBillingAddress === false ? savedBilling : undefined);
  // Spec section 3: shouldSaveAsBillingAddress defaults to true.
  const [saveAsBilling, setSaveAsBilling] = useState(saved?.saveAsBillingAddress ?? true);
  const [contactType, setContactType] = useState<Contact['type']>(saved?.contact.type ?? 'email');
  const savedContact = saved?.contact;
  const emailForm = useForm(
    EMAIL_SCHEMAS,
    { email: savedContact?.type === 'email' ? savedContact.email : (user?.email ?? '') },
    ['email'],
  );
  const phoneForm = useForm(
    PHONE_SCHEMAS,
    savedContact?.type === 'phone'
      ? { phoneCountryCode: savedContact.phoneCountryCode, phoneNumber: savedContact.phoneNumber }
      : { phoneCountryCode: DEFAULT_DIAL_CODE, phoneNumber: '' },
    ['phoneNumber'],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalidShipping = shipping.validateAll();
    const invalidBilling = saveAsBilling ? undefined : billing.validateAll();
    const invalidContact = contactType === 'email' ? emailForm.validateAll() : phoneForm.validateAll();
    const firstInvalid = invalidShipping ?? (invalidBilling && `billing-${invalidBilling}`) ?? invalidContact;
    if (firstInvalid) {
      focusField(formRef.current, firstInvalid);
      return;
    }
    const address = addressOf(shipping);
    const chosen: Contact =
      contactType === 'email' ? { type: 'email', ...emailForm.output() } : { type: 'phone', ...phoneForm.output() };
    setShipping(
      { address, saveAsBillingAddress: saveAsBilling, contact: chosen },
      saveAsBilling ? address : addressOf(billing),
    );
    navigate('/checkout/payment');
  };

  return (
    <CheckoutStep step="shipping">
      <form ref={formRef} noValidate onSubmit={submit} className="checkout-form">
        <section aria-labelledby="shipping-address">
          <h2 id="shipping-address">{t('CHECKOUT.SHIPPING.ADDRESS_TITLE')}</h2>
          <AddressFields form={shipping} section="shipping" />
          <label className="checkbox">
            <input
              type="checkbox"
              checked={saveAsBilling}
              onChange={(event) => setSaveAsBilling(event.target.checked)}
            />
            {t('CHECKOUT.SHIPPING.SAVE_AS_BILLING')}
          </label>
        </section>
        {!saveAsBilling && (
          <section aria-labelledby="billing-address">
            <h2 id="billing-address">{t('CHECKOUT.SHIPPING.BILLING_TITLE')}</h2>
            <AddressFields form={billing} section="billing" />
          </section>
        )}
        <section aria-labelledby="contact-title">
          <h2 id="contact-title">{t('CHECKOUT.SHIPPING.CONTACT_TITLE')}</h2>
          <fieldset className="radio-group">
            <legend>{t('CHECKOUT.SHIPPING.CONTACT_BY')}</legend>
            {(['email', 'phone'] as const).map((type) => (
              <label key={type} className="radio">
                <input
                  type="radio"
                  name="contactType"
                  value={type}
                  checked={contactType === type}
                  onChange={() => setContactType(type)}
                />
                {t(type === 'email' ? 'CHECKOUT.SHIPPING.BY_EMAIL' : 'CHECKOUT.SHIPPING.BY_MOBILE')}
              </label>
            ))}
          </fieldset>
          {contactType === 'email' ? (
            <TextField
              name="email"
              type="email"
              label={t('CHECKOUT.SHIPPING.EMAIL')}
              autoComplete="email"
              {...emailForm.bind('email')}
            />
          ) : (
            <div className="phone-fields">
              <DialCodeField
                label={t('CHECKOUT.SHIPPING.COUNTRY_CODE')}
                value={phoneForm.values.phoneCountryCode}
                error={phoneForm.errors.phoneCountryCode}
                onChange={(value) => phoneForm.setValue('phoneCountryCode', value)}
              />
              <TextField
                name="phoneNumber"
                type="tel"
                label={t('CHECKOUT.SHIPPING.MOBILE')}
                autoComplete="tel-national"
                {...phoneForm.bind('phoneNumber')}
              />
            </div>
          )}
        </section>
        <button type="submit" className="button button--primary next-step">
          {t('CHECKOUT.SHIPPING.CONTINUE')}
        </button>
      </form>
    </CheckoutStep>
  );
}
