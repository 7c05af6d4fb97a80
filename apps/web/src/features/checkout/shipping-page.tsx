import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useNavigate } from 'react-router';
import { AddressFields, addressOf, useAddressForm } from '../../components/form/address-fields';
import { focusField } from '../../components/form/fields';
import { useShopper } from '../account';
import { useCheckout } from '../../lib/checkout-store';
import { CheckoutStep } from './checkout-step';
import { ContactSection, useContactForm } from './contact-fields';

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
  const contact = useContactForm(saved?.contact, user?.email);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalidShipping = shipping.validateAll();
    const invalidBilling = saveAsBilling ? undefined : billing.validateAll();
    const invalidContact = contact.validateAll();
    const firstInvalid = invalidShipping ?? (invalidBilling && `billing-${invalidBilling}`) ?? invalidContact;
    if (firstInvalid) {
      focusField(formRef.current, firstInvalid);
      return;
    }
    const address = addressOf(shipping);
    setShipping(
      { address, saveAsBillingAddress: saveAsBilling, contact: contact.contact() },
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
        <ContactSection form={contact} />
        <button type="submit" className="button button--primary next-step">
          {t('CHECKOUT.SHIPPING.CONTINUE')}
        </button>
      </form>
    </CheckoutStep>
  );
}
