import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { APP_VERSION, NETWORK_DOCS, NETWORK_LEGAL } from '@c2p/domain';
import { CardLogo } from './card-logos';

/** A footer link: a page of the app (`to`), or an address the browser loads itself (`href`). */
type FooterLink = { key: string; to: string } | { key: string; href: string; newWindow?: boolean };

const NAVS: { id: string; heading: string; links: FooterLink[] }[] = [
  {
    id: 'footer-demos',
    heading: 'FOOTER.DEMOS',
    links: [
      { key: 'FOOTER.LIVE_DEMO', to: '/home' },
      { key: 'FOOTER.GUIDED_TOUR', to: '/demo/guided-tour' },
      { key: 'FOOTER.CARD_ON_FILE', to: '/card-on-file' },
      { key: 'FOOTER.COMPONENTS', to: '/components' },
      // The network sandbox's own page, served by the server: a full page load.
      { key: 'FOOTER.SANDBOX', href: '/sandbox' },
    ],
  },
  {
    id: 'footer-resources',
    heading: 'FOOTER.RESOURCES',
    links: [
      {
        key: 'FOOTER.DOCUMENTATION',
        href: NETWORK_DOCS.clickToPay,
        newWindow: true,
      },
      {
        key: 'FOOTER.PRIVACY',
        href: NETWORK_LEGAL.privacy,
        newWindow: true,
      },
      {
        key: 'FOOTER.TERMS',
        href: NETWORK_LEGAL.terms,
        newWindow: true,
      },
      { key: 'FOOTER.COOKIE_POLICY', to: '/cookie' },
    ],
  },
];

const FOOTER_CARDS = ['amex', 'visa', 'mastercard', 'discover'] as const;

function FooterLinkItem({ link }: { link: FooterLink }) {
  const { t } = useTranslation();
  if ('to' in link) return <Link to={link.to}>{t(link.key)}</Link>;
  if (!link.newWindow) return <a href={link.href}>{t(link.key)}</a>;
  return (
    <a href={link.href} target="_blank" rel="noopener noreferrer">
      {t(link.key)}
      <span className="visually-hidden"> {t('FOOTER.OPENS_NEW_WINDOW')}</span>
    </a>
  );
}

export function Footer({ showCopyright = false }: { showCopyright?: boolean }) {
  const { t, i18n } = useTranslation();
  const released = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(__RELEASE_DATE__),
  );
  return (
    <footer className="footer">
      <div className="footer__columns">
        {NAVS.map((nav) => (
          <nav key={nav.id} aria-labelledby={nav.id}>
            <h2 id={nav.id} className="footer__heading">
              {t(nav.heading)}
            </h2>
            <ul>
              {nav.links.map((link) => (
                <li key={link.key}>
                  <FooterLinkItem link={link} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div>
          <h2 className="footer__heading">{t('FOOTER.ACCEPTED_CARDS')}</h2>
          <ul className="footer__cards">
            {FOOTER_CARDS.map((brand) => (
              <li key={brand}>
                <CardLogo brand={brand} />
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="footer__meta">
        <span data-testid="app-version">{t('FOOTER.VERSION', { version: APP_VERSION })}</span>
        <span data-testid="release-date">
          <time dateTime={__RELEASE_DATE__}>{t('FOOTER.RELEASED', { date: released })}</time>
        </span>
        {showCopyright && <span>{t('FOOTER.COPYRIGHT', { year: new Date().getFullYear() })}</span>}
      </div>
    </footer>
  );
}
