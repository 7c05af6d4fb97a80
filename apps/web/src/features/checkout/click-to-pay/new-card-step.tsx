import type { ReactNode } from 'react';
import type { SupportedCardBrand } from '@c2p/domain';
import { useTranslation } from '../../../lib/i18n';
import { InfoButton } from '../../components';
import { CardForm, type EnteredCard } from '../card-form';
import { ConsentStep, type Consent } from './kit-steps';

/**
 * A card the network does not know yet: typed into the shop's form (with the network's consent),
 * then encrypted and enrolled. Back leads to the shopper's cards if they have any, else to the email.
 */
export function NewCardStep({
  brands,
  locale,
  busy,
  hasCards,
  option,
  onConsent,
  onSubmit,
  onBack,
}: {
  brands: readonly SupportedCardBrand[];
  locale: string;
  busy: boolean;
  hasCards: boolean;
  /** A choice of the variant's under the form (Card on File: save the card). */
  option?: ReactNode;
  onConsent(consent: Consent): void;
  onSubmit(card: EnteredCard): void;
  onBack(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="c2p__new-card">
      <h3>{t('CLICK_TO_PAY.NEW_CARD_TITLE')}</h3>
      <InfoButton slug="card-input" />
      <CardForm enabled={brands} busy={busy} submitLabel={t('CLICK_TO_PAY.PAY_WITH_CARD')} onSubmit={onSubmit}>
        <ConsentStep locale={locale} onChange={onConsent} />
        {option}
      </CardForm>
      <button type="button" className="button button--link" onClick={onBack}>
        {t(hasCards ? 'CLICK_TO_PAY.BACK_TO_CARDS' : 'CLICK_TO_PAY.OTHER_EMAIL')}
      </button>
    </div>
  );
}
