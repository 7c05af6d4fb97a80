import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

/** Home › All products › … ; the last crumb is the current page. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation();
  const all: Crumb[] = [{ label: t('SHOP.BREADCRUMBS.HOME'), to: '/home' }, ...items];
  return (
    <nav className="breadcrumbs" aria-label={t('SHOP.BREADCRUMBS.LABEL')}>
      <ol>
        {all.map((crumb, index) => {
          const last = index === all.length - 1;
          return (
            <li key={`${crumb.label}-${index}`}>
              {last || !crumb.to ? (
                <span aria-current={last ? 'page' : undefined}>{crumb.label}</span>
              ) : (
                <Link to={crumb.to}>{crumb.label}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
