import { useRef, useState } from 'react';
import type { SavedCard } from '@c2p/domain';
import { CardLogo } from '../../components/layout/card-logos';
import { notify } from '../../components/ui/toast';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useTranslation } from '../../lib/i18n';
import { merchantCardsApi } from './api';
import { useSessionGuard } from '../account';
import { serverMessage } from '../../lib/api-client';

/** The brand's name, the last four (kept LTR) and the expiry: how a card on file is named everywhere. */
export function CardName({ card }: { card: Pick<SavedCard, 'brand' | 'lastFour'> }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`CARD_BRANDS.${card.brand}`)} {t('CARD_ON_FILE.SAVED.ENDING', { lastFour: '' })}
      <bdi dir="ltr" className="ltr">
        {card.lastFour}
      </bdi>
    </>
  );
}

/** One saved card: logo, brand, last four, expiry, token status, and Delete (asked first). */
function SavedCardItem({ card, onDelete }: { card: SavedCard; onDelete(card: SavedCard): void }) {
  const { t } = useTranslation();
  const brand = t(`CARD_BRANDS.${card.brand}`);
  return (
    <li className="saved-card" data-testid="saved-card">
      <CardLogo brand={card.brand} />
      <div className="saved-card__text">
        <p className="saved-card__name">
          <CardName card={card} />
        </p>
        <p className="saved-card__meta">
          {t('CARD_ON_FILE.SAVED.EXPIRES', { expiry: '' })}
          <bdi dir="ltr" className="ltr">
            {card.expiry}
          </bdi>
        </p>
        <p className="saved-card__meta">
          {t('CARD_ON_FILE.SAVED.TOKEN_STATUS')}{' '}
          <span className="saved-card__status">{t('CARD_ON_FILE.SAVED.TOKEN_ACTIVE')}</span>
          {card.tokenLastFour && (
            <>
              {' · '}
              {t('CARD_ON_FILE.SAVED.TOKEN_ENDING', { lastFour: '' })}
              <bdi dir="ltr" className="ltr" data-testid="token-last-four">
                {card.tokenLastFour}
              </bdi>
            </>
          )}
        </p>
      </div>
      <button
        type="button"
        className="button button--secondary saved-card__delete"
        aria-label={t('CARD_ON_FILE.SAVED.DELETE_LABEL', { brand, lastFour: card.lastFour })}
        onClick={() => onDelete(card)}
      >
        {t('CARD_ON_FILE.SAVED.DELETE')}
      </button>
    </li>
  );
}

/** The in-page confirmation before a delete: a modal <dialog> (focus kept inside, Escape cancels). */
function DeleteDialog({
  card,
  busy,
  onConfirm,
  onCancel,
}: {
  card: SavedCard;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const brand = t(`CARD_BRANDS.${card.brand}`);
  return (
    <ConfirmDialog
      className="saved-card-dialog"
      title={t('CARD_ON_FILE.SAVED.CONFIRM_TITLE')}
      text={t('CARD_ON_FILE.SAVED.CONFIRM_TEXT', { brand, lastFour: card.lastFour })}
      act={{
        label: busy ? t('CARD_ON_FILE.SAVED.DELETING') : t('CARD_ON_FILE.SAVED.CONFIRM_DELETE'),
        kind: 'danger',
        onClick: onConfirm,
      }}
      stay={{ label: t('CARD_ON_FILE.SAVED.CANCEL'), kind: 'secondary', onClick: onCancel }}
      busy={busy}
    />
  );
}

/**
 * The list of the shopper's saved cards with Delete: asked in a dialog, then removed at the network
 * and here. `onDeleted` hands back the card removed.
 */
export function SavedCardsList({
  cards,
  onDeleted,
  label,
}: {
  cards: SavedCard[];
  onDeleted(card: SavedCard): void;
  label?: string;
}) {
  const { t } = useTranslation();
  const guard = useSessionGuard();
  const [asking, setAsking] = useState<SavedCard>();
  const [busy, setBusy] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);

  const confirm = async () => {
    if (!asking) return;
    setBusy(true);
    try {
      await merchantCardsApi.remove(asking.id);
      onDeleted(asking);
      void notify('success', {
        key: 'CARD_ON_FILE.SAVED.DELETED',
        values: { brand: { key: `CARD_BRANDS.${asking.brand}` }, lastFour: asking.lastFour },
      });
      setAsking(undefined);
      listRef.current?.focus();
    } catch (error) {
      if (!guard(error)) void notify('error', serverMessage(error) ?? { key: 'CARD_ON_FILE.API.DELETE_ERROR' });
      setAsking(undefined);
    } finally {
      setBusy(false);
    }
  };

  if (cards.length === 0) return <p className="saved-cards__empty">{t('CARD_ON_FILE.SAVED.EMPTY')}</p>;
  return (
    <>
      <ul
        ref={listRef}
        tabIndex={-1}
        className="saved-cards__list"
        aria-label={label ?? t('CARD_ON_FILE.SAVED.LIST_LABEL')}
      >
        {cards.map((card) => (
          <SavedCardItem key={card.id} card={card} onDelete={setAsking} />
        ))}
      </ul>
      {asking && (
        <DeleteDialog
          card={asking}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(undefined)}
        />
      )}
    </>
  );
}
