import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { activateTool } from '../../lib/active-tool';

export default function HomePage() {
  const { t } = useTranslation();
  useEffect(() => activateTool('live-tool'), []);
  return (
    <main id="main" tabIndex={-1} className="main home">
      <section className="home__hero" aria-labelledby="home-title">
        <h1 id="home-title">{t('HOME.TITLE')}</h1>
        <p>{t('HOME.TEXT')}</p>
        <Link to="/products" className="button button--primary button--large">
          {t('HOME.SHOP_NOW')}
        </Link>
      </section>
      <section className="home__tour">
        <p>{t('HOME.GUIDED_TOUR_TEXT')}</p>
        <Link to="/demo/guided-tour">{t('HOME.GUIDED_TOUR')}</Link>
      </section>
    </main>
  );
}
