import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { SavedCard } from '@c2p/domain';
import { Page } from '../../components/layout/page';
import { Loader } from '../../components/ui/loader';
import { notify } from '../../components/ui/toast';
import { activateTool } from '../../lib/active-tool';
import { checkoutConfiguration } from '../../lib/click-to-pay/settings';
import { useTranslation } from '../../lib/i18n';
import { CardForm, type EnteredCard } from '../checkout';
import { merchantCardsApi } from './api';
import { encryptForNetwork } from './encrypt';
import { CardName, SavedCardsList } from './saved-cards';
import { openSignIn, RemoteView, useRemote, useSessionGuard, useShopper } from '../account';
import { fieldErrorsOf, serverMessage } from '../../lib/api-client';
import './card-on-file.css';

const SAVED_CARDS_PATH = '/card-on-file/saved-cards';

/** Shown instead of any list when no shopper is signed in: the sign-in panel opens, and a button reopens it. */
export function SignInRequired({ redirect = SAVED_CARDS_PATH }: { redirect?: string }) {
  const { t } = useTranslation();
  useEffect(() => openSignIn({ redirect }), [redirect]);
  return (
    <section className="cof-sign-in" aria-labelledby="cof-sign-in-title">
      <h2 id="cof-sign-in-title">{t('CARD_ON_FILE.SAVED.SIGN_IN_TITLE')}</h2>
      <p>{t('CARD_ON_FILE.SAVED.SIGN_IN_TEXT')}</p>
      <button type="button" className="button button--primary" onClick={() => openSignIn({ redirect })}>
        {t('CARD_ON_FILE.SAVED.SIGN_IN')}
      </button>
    </section>
  );
}

/** The save-card confirmation: what the network kept instead of the card number. */
function SavedConfirmation({ card, onBack }: { card: SavedCard; onBack(): void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      className="cof-confirmation"
      aria-labelledby="cof-confirmation-title"
      data-testid="save-card-confirmation"
    >
      <h2 id="cof-confirmation-title">{t('CARD_ON_FILE.CONFIRMATION.TITLE')}</h2>
      <p>{t('CARD_ON_FILE.CONFIRMATION.TEXT', { brand: t(`CARD_BRANDS.${card.brand}`), lastFour: card.lastFour })}</p>
      <p className="cof-confirmation__card">
        <CardName card={card} />
        {card.tokenLastFour && (
          <>
            {' · '}
            {t('CARD_ON_FILE.CONFIRMATION.TOKEN', { lastFour: '' })}
            <bdi dir="ltr" className="ltr">
              {card.tokenLastFour}
            </bdi>
          </>
        )}
      </p>
      <div className="cof-actions">
        <button type="button" className="button button--primary" onClick={onBack}>
          {t('CARD_ON_FILE.CONFIRMATION.BACK')}
        </button>
        <Link to="/products" className="button button--secondary">
          {t('CARD_ON_FILE.CONFIRMATION.SHOP')}
        </Link>
      </div>
    </section>
  );
}

const loadCards = () => merchantCardsApi.list();

/** Saving an entered card: encrypted here to the network's key, then stored through our server. */
function useSaveCard(onStored: (card: SavedCard) => void) {
  const { t } = useTranslation();
  const guard = useSessionGuard();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string>();

  const save = async (card: EnteredCard) => {
    setSaving(true);
    setFormError(undefined);
    let encrypted: string;
    try {
      encrypted = await encryptForNetwork(card);
    } catch {
      setFormError(t('CARD_ON_FILE.SAVED.ENCRYPT_ERROR'));
      setSaving(false);
      return;
    }
    try {
      onStored(await merchantCardsApi.save(encrypted));
    } catch (error) {
      if (guard(error)) return;
      const message =
        fieldErrorsOf(error)?.encryptedCard?.[0] ?? serverMessage(error) ?? t('CARD_ON_FILE.API.SAVE_ERROR');
      setFormError(message);
      void notify('error', message);
    } finally {
      setSaving(false);
    }
  };
  return { saving, formError, save };
}

/** The signed-in shopper's cards, with Add card (an in-page form) and Delete. */
function SavedCards() {
  const { t } = useTranslation();
  const { remote, retry, update } = useRemote(loadCards);
  const [adding, setAdding] = useState(false);
  const [saved, setSaved] = useState<SavedCard>();
  const [enabled] = useState(() => checkoutConfiguration().cardBrands);
  const addButton = useRef<HTMLButtonElement>(null);
  const backToAddButton = () => requestAnimationFrame(() => addButton.current?.focus());

  if (saved) {
    return (
      <SavedConfirmation
        card={saved}
        onBack={() => {
          setSaved(undefined);
          backToAddButton();
        }}
      />
    );
  }
  return (
    <RemoteView
      remote={remote}
      retry={retry}
      loadingLabel={t('CARD_ON_FILE.SAVED.LOADING')}
      failure={{
        className: 'cof-error',
        message: t('CARD_ON_FILE.SAVED.LOAD_ERROR'),
        buttonClassName: 'button--secondary',
        retryLabel: t('CARD_ON_FILE.SAVED.RETRY'),
      }}
    >
      {(savedCards) => (
        <>
          <SavedCardsList
            cards={savedCards}
            onDeleted={(card) => update((cards) => cards.filter((c) => c.id !== card.id))}
          />
          {adding ? (
            <AddCard
              enabled={enabled}
              onStored={(stored) => {
                update((cards) => [...cards, stored]);
                setAdding(false);
                setSaved(stored);
              }}
              onCancel={() => {
                setAdding(false);
                backToAddButton();
              }}
            />
          ) : (
            <div className="cof-actions">
              <button ref={addButton} type="button" className="button button--primary" onClick={() => setAdding(true)}>
                {t('CARD_ON_FILE.SAVED.ADD')}
              </button>
              <Link to="/products" className="button button--secondary">
                {t('CARD_ON_FILE.SAVED.SHOP')}
              </Link>
            </div>
          )}
        </>
      )}
    </RemoteView>
  );
}

/** The in-page Add card form; focus starts at its title. */
function AddCard({
  enabled,
  onStored,
  onCancel,
}: {
  enabled: ReturnType<typeof checkoutConfiguration>['cardBrands'];
  onStored(card: SavedCard): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const { saving, formError, save } = useSaveCard(onStored);
  const formTitle = useRef<HTMLHeadingElement>(null);
  useEffect(() => formTitle.current?.focus(), []);

  return (
    <section className="cof-add" aria-labelledby="cof-add-title">
      <h2 id="cof-add-title" ref={formTitle} tabIndex={-1}>
        {t('CARD_ON_FILE.SAVED.FORM_TITLE')}
      </h2>
      <p>{t('CARD_ON_FILE.SAVED.FORM_TEXT')}</p>
      <CardForm
        id="cof-add-form"
        enabled={enabled}
        busy={saving}
        submitLabel={saving ? t('CARD_ON_FILE.SAVED.SAVING') : t('CARD_ON_FILE.SAVED.SAVE')}
        onSubmit={(card) => void save(card)}
      >
        {formError && (
          <p className="field__error cof-add__error" role="alert">
            {formError}
          </p>
        )}
      </CardForm>
      <button type="button" className="button button--ghost" disabled={saving} onClick={onCancel}>
        {t('CARD_ON_FILE.SAVED.CANCEL')}
      </button>
    </section>
  );
}

/** /card-on-file/saved-cards: the sign-in panel without a shopper, never a list. */
export function SavedCardsPage() {
  const { t } = useTranslation();
  const status = useShopper((s) => s.status);
  useLayoutEffect(() => activateTool('live-tool-cof'), []);
  useEffect(() => {
    if (useShopper.getState().status === 'idle') void useShopper.getState().load();
  }, []);
  return (
    <Page title={t('CARD_ON_FILE.SAVED.TITLE')} className="cof-page">
      <p className="cof-page__intro">{t('CARD_ON_FILE.SAVED.INTRO')}</p>
      {status === 'signed-in' ? <SavedCards /> : status === 'signed-out' ? <SignInRequired /> : <Loader />}
    </Page>
  );
}
