import { useTranslation } from '../../lib/i18n';
import { formatMoney } from '@c2p/domain';

/** An amount in cents, in the visitor's locale (marked: a toast never hides what something costs). */
export function Price({ cents, className }: { cents: number; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <span className={className} data-price="">
      {formatMoney(cents, i18n.language)}
    </span>
  );
}
