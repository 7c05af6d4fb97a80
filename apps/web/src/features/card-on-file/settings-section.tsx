import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { merchantCardsApi } from './api';
import { SavedCardsList } from './saved-cards';
import { RemoteView, useRemote, useSettingsPanel } from '../account';
import './card-on-file.css';

const loadCards = () => merchantCardsApi.list();

/** The settings area's "Saved cards": the same list and Delete as the saved-cards page, and a way to add one there. */
export function SavedCardsSection() {
  const { t } = useTranslation();
  const { remote, retry, update } = useRemote(loadCards);
  const close = useSettingsPanel((s) => s.closeSettings);
  return (
    <RemoteView remote={remote} retry={retry}>
      {(cards) => (
        <div className="cof-settings">
          <p>{t('CARD_ON_FILE.SETTINGS.TEXT')}</p>
          <SavedCardsList cards={cards} onDeleted={(card) => update((all) => all.filter((c) => c.id !== card.id))} />
          <p>
            <Link to="/card-on-file/saved-cards" onClick={close}>
              {t('CARD_ON_FILE.SETTINGS.MANAGE')}
            </Link>
          </p>
        </div>
      )}
    </RemoteView>
  );
}
