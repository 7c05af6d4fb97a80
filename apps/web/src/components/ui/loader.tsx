import { useTranslation } from '../../lib/i18n';

export function Loader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="loader" role="status">
      <span className="loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('APP.LOADING')}</span>
    </div>
  );
}
