import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { APP_VERSION } from '@c2p/domain';
import { CardLogo } from './card-logos';

const EXTERNAL_LINKS = [
  { key: 'FOOTER.DOCUMENTATION', href: 'https://developer.mastercard.com/unified-checkout-solutions/documentation/' },
  {
    key: 'FOOTER.PRIVACY',
    href: 'https://www.mastercard.com/global/en/vision/corp-responsibility/commitment-to-privacy/privacy.html',
  },
  { key: 'FOOTER.TERMS', href: 'https://www.mastercard.com/global/en/about-mastercard/terms-of-use.html' },
] as const;

const FOOTER_CARDS = ['amex', 'visa', 'mastercard', 'discover'] as const;

export function Footer({ showCopyright = false }: { showCopyright?: boolean }) {
  const { t, i18n } = useTranslation();
  const released = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(__RELEASE_DATE__),
  );
  return (
    <footer className="footer">
      <div className="footer__columns">
        <nav aria-labelledby="footer-demos">
          <h2 id="footer-demos" className="footer__heading">
            {t('FOOTER.DEMOS')}
          </h2>
          <ul>
            <li>
              <Link to="/home">{t('FOOTER.LIVE_DEMO')}</Link>
            </li>
            <li>
              <Link to="/demo/guided-tour">{t('FOOTER.GUIDED_TOUR')}</Link>
            </li>
            <li>
              <Link to="/card-on-file">{t('FOOTER.CARD_ON_FILE')}</Link>
            </li>
            <li>
              <Link to="/components">{t('FOOTER.COMPONENTS')}</Link>
            </li>
            <li>
              {/* The network sandbox's own page, served by the server: a full page load. */}
              <a href="/sandbox">{t('FOOTER.SANDBOX')}</a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-resources">
          <h2 id="footer-resources" className="footer__heading">
            {t('FOOTER.RESOURCES')}
          </h2>
          <ul>
            {EXTERNAL_LINKS.map((link) => (
              <li key={link.key}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {t(link.key)}
                  <span className="visually-hidden"> {t('FOOTER.OPENS_NEW_WINDOW')}</span>
                </a>
              </li>
            ))}
            <li>
              <Link to="/cookie">{t('FOOTER.COOKIE_POLICY')}</Link>
            </li>
          </ul>
        </nav>
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
