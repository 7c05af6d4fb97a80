import { Link } from 'react-router';
import { Loader } from '../../components/ui/loader';
import { useTranslation } from '../../lib/i18n';
import { merchantCardsApi } from './api';
import { SavedCardsList } from './saved-cards';
import { useRemote, useSettingsPanel } from '../account';
import './card-on-file.css';

const loadCards = () => merchantCardsApi.list();

/** The settings area's "Saved cards": the same list and Delete as the saved-cards page, and a way to add one there. */
export function SavedCardsSection() {
  const { t } = useTranslation();
  const { remote, retry, update } = useRemote(loadCards);
  const close = useSettingsPanel((s) => s.closeSettings);
  if (remote.state === 'loading') return <Loader label={t('CARD_ON_FILE.SAVED.LOADING')} />;
  if (remote.state === 'error') {
    return (
      <div className="cof-error" role="alert">
        <p>{t('CARD_ON_FILE.SAVED.LOAD_ERROR')}</p>
        <button type="button" className="button button--secondary" onClick={retry}>
          {t('CARD_ON_FILE.SAVED.RETRY')}
        </button>
      </div>
    );
  }
  return (
    <div className="cof-settings">
      <p>{t('CARD_ON_FILE.SETTINGS.TEXT')}</p>
      <SavedCardsList
        cards={remote.data}
        onDeleted={(card) => update((cards) => cards.filter((c) => c.id !== card.id))}
      />
      <p>
        <Link to="/card-on-file/saved-cards" onClick={close}>
          {t('CARD_ON_FILE.SETTINGS.MANAGE')}
        </Link>
      </p>
    </div>
  );
}
