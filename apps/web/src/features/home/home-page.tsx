import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { STORAGE_KEYS } from '@c2p/domain';
import { activateTool } from '../../lib/active-tool';
import { activeUseCase } from '../../lib/click-to-pay/use-case';
import { local } from '../../lib/storage';
import { selectIsAdmin, useAdmin } from '../admin';

// The live tool's use cases (spec section 3): the shop's payment step suggests each one's test data.
const USE_CASES = ['1', '2', '3'] as const;

interface DemoCard {
  key: string;
  to: string;
  /** Pages the server answers itself (the network sandbox) are left by a full load. */
  external?: boolean;
  adminOnly?: boolean;
}

const DEMOS: DemoCard[] = [
  { key: 'GUIDED_TOUR', to: '/demo/guided-tour' },
  { key: 'CARD_ON_FILE', to: '/card-on-file' },
  { key: 'INSTALLMENTS', to: '/demo/guided-tour/installments' },
  { key: 'AGENTIC_CHECKOUT', to: '/agentic-checkout' },
  { key: 'COMPONENTS', to: '/components' },
  { key: 'SANDBOX', to: '/sandbox', external: true },
  { key: 'CONFIGURATION', to: '/srci/config', adminOnly: true },
];

function CardText({ title, text }: { title: string; text: string }) {
  return (
    <>
      <span className="hub-card__title">{title}</span>
      <span className="hub-card__text">{text}</span>
    </>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  const isAdmin = useAdmin(selectIsAdmin);
  // The use case the payment step suggests test data for (MSDT_USECASE, 1 unless another was picked).
  const [picked, setPicked] = useState(() => activeUseCase().slice(-1));
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

      <section className="home__section" aria-labelledby="home-use-cases">
        <h2 id="home-use-cases">{t('HOME.USE_CASES_TITLE')}</h2>
        <p className="home__intro">{t('HOME.USE_CASES_TEXT')}</p>
        <ul className="hub-grid hub-grid--three">
          {USE_CASES.map((n) => (
            <li key={n}>
              <Link
                to="/products"
                className={`hub-card${picked === n ? ' hub-card--picked' : ''}`}
                aria-current={picked === n ? 'true' : undefined}
                onClick={() => {
                  local.set(STORAGE_KEYS.useCase, n);
                  setPicked(n);
                }}
              >
                <CardText title={t(`HOME.USE_CASE_${n}.TITLE`)} text={t(`HOME.USE_CASE_${n}.TEXT`)} />
                {picked === n && <span className="hub-card__picked">{t('HOME.USE_CASE_PICKED')}</span>}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="home__section" aria-labelledby="home-demos">
        <h2 id="home-demos">{t('HOME.DEMOS_TITLE')}</h2>
        <ul className="hub-grid">
          {DEMOS.filter((demo) => isAdmin || !demo.adminOnly).map((demo) => {
            const text = <CardText title={t(`HOME.${demo.key}.TITLE`)} text={t(`HOME.${demo.key}.TEXT`)} />;
            return (
              <li key={demo.key}>
                {demo.external ? (
                  <a href={demo.to} className="hub-card">
                    {text}
                  </a>
                ) : (
                  <Link to={demo.to} className="hub-card">
                    {text}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </main>
  );
}
