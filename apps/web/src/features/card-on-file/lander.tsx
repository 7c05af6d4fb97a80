import { useLayoutEffect } from 'react';
import { Link } from 'react-router';
import { Page } from '../../components/layout/page';
import { activateTool } from '../../lib/active-tool';
import { useTranslation } from '../../lib/i18n';
import './card-on-file.css';

const BENEFITS = ['TOKEN', 'CRYPTOGRAM', 'LIFECYCLE'] as const;
const STEPS = ['STEP_1', 'STEP_2', 'STEP_3', 'STEP_4'] as const;

/**
 * The Card on File lander (tool live-tool-cof, sign-in required): what network tokenization of
 * cards on file is for a merchant, the steps the demo shows, and a way into the shop. Start does
 * not open the sign-in panel by itself.
 */
export default function CardOnFileLander() {
  const { t } = useTranslation();
  // Before any child effect: the sign-in panel reads the tool when it opens.
  useLayoutEffect(() => activateTool('live-tool-cof'), []);
  return (
    <Page title={t('CARD_ON_FILE.LANDER.TITLE')} className="cof-page cof-lander">
      <p className="cof-page__intro">{t('CARD_ON_FILE.LANDER.INTRO')}</p>

      <section aria-labelledby="cof-why">
        <h2 id="cof-why">{t('CARD_ON_FILE.LANDER.WHY_TITLE')}</h2>
        <div className="cof-lander__benefits">
          {BENEFITS.map((key) => (
            <article key={key} className="cof-lander__benefit">
              <h3>{t(`CARD_ON_FILE.LANDER.${key}_TITLE`)}</h3>
              <p>{t(`CARD_ON_FILE.LANDER.${key}_TEXT`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="cof-steps">
        <h2 id="cof-steps">{t('CARD_ON_FILE.LANDER.STEPS_TITLE')}</h2>
        <ol className="cof-lander__steps">
          {STEPS.map((key) => (
            <li key={key}>{t(`CARD_ON_FILE.LANDER.${key}`)}</li>
          ))}
        </ol>
        <p>{t('CARD_ON_FILE.LANDER.API_LOG')}</p>
      </section>

      <section aria-labelledby="cof-start" className="cof-lander__start">
        <h2 id="cof-start">{t('CARD_ON_FILE.LANDER.START_TITLE')}</h2>
        <p>{t('CARD_ON_FILE.LANDER.START_TEXT')}</p>
        <div className="cof-actions">
          <Link to="/products" className="button button--primary">
            {t('CARD_ON_FILE.LANDER.START')}
          </Link>
          <Link to="/card-on-file/saved-cards" className="button button--secondary">
            {t('CARD_ON_FILE.LANDER.SAVED_CARDS_LINK')}
          </Link>
        </div>
      </section>
    </Page>
  );
}
