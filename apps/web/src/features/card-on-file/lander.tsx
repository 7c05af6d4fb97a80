import { useLayoutEffect } from 'react';
import { Link } from 'react-router';
import { FeatureCards } from '../../components/layout/feature-cards';
import { Page } from '../../components/layout/page';
import { TitledSection } from '../../components/layout/titled-section';
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

      <TitledSection id="cof-why" title={t('CARD_ON_FILE.LANDER.WHY_TITLE')}>
        <FeatureCards
          cards={BENEFITS.map((key) => ({
            title: t(`CARD_ON_FILE.LANDER.${key}_TITLE`),
            text: t(`CARD_ON_FILE.LANDER.${key}_TEXT`),
          }))}
        />
      </TitledSection>

      <TitledSection id="cof-steps" title={t('CARD_ON_FILE.LANDER.STEPS_TITLE')}>
        <ol className="cof-lander__steps">
          {STEPS.map((key) => (
            <li key={key}>{t(`CARD_ON_FILE.LANDER.${key}`)}</li>
          ))}
        </ol>
        <p>{t('CARD_ON_FILE.LANDER.API_LOG')}</p>
      </TitledSection>

      <TitledSection id="cof-start" title={t('CARD_ON_FILE.LANDER.START_TITLE')} className="cof-lander__start">
        <p>{t('CARD_ON_FILE.LANDER.START_TEXT')}</p>
        <div className="cof-actions">
          <Link to="/products" className="button button--primary">
            {t('CARD_ON_FILE.LANDER.START')}
          </Link>
          <Link to="/card-on-file/saved-cards" className="button button--secondary">
            {t('CARD_ON_FILE.LANDER.SAVED_CARDS_LINK')}
          </Link>
        </div>
      </TitledSection>
    </Page>
  );
}
