import { formatMoney, installmentDates, type OrderInstallments } from '@c2p/domain';
import { useTranslation } from '../../lib/i18n';
import { formatDay, planLabel } from './format';
import './installments.css';

/** "3 installments of $43.33" and the schedule: each payment's date and amount, the differing one marked. */
export function InstallmentsSchedule({
  installments,
  collapsible = false,
}: {
  installments: OrderInstallments;
  /** Folded under its summary (the order history's table). */
  collapsible?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { numberOfInstallments, installmentCents, scheduleCents, currency } = installments;
  const dates = installmentDates(new Date(`${installments.firstPaymentDate}T00:00:00Z`), scheduleCents.length);
  const summary = planLabel(t, language, numberOfInstallments, installmentCents, currency);
  const table = (
    <table className="installments-schedule">
      <caption>{t('INSTALLMENTS.SCHEDULE.TITLE')}</caption>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{t('INSTALLMENTS.SCHEDULE.DATE')}</th>
          <th scope="col">{t('INSTALLMENTS.SCHEDULE.AMOUNT')}</th>
        </tr>
      </thead>
      <tbody>
        {scheduleCents.map((cents, index) => {
          const differs = cents !== installmentCents;
          return (
            <tr key={index} data-differs={differs || undefined}>
              <th scope="row">{t('INSTALLMENTS.SCHEDULE.NUMBER', { n: index + 1 })}</th>
              <td>{formatDay(dates[index]!, language)}</td>
              <td>
                {formatMoney(cents, language, currency)}
                {differs && (
                  <>
                    {' '}
                    <abbr title={t('INSTALLMENTS.SCHEDULE.DIFFERS')} aria-label={t('INSTALLMENTS.SCHEDULE.DIFFERS')}>
                      *
                    </abbr>
                  </>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
  const differing = scheduleCents.some((cents) => cents !== installmentCents);
  return (
    <div className="installments-summary" data-testid="installments-summary">
      {collapsible ? (
        <details>
          <summary>{summary}</summary>
          {table}
        </details>
      ) : (
        <>
          <p className="installments-summary__plan">{summary}</p>
          {table}
        </>
      )}
      {differing && !collapsible && (
        <p className="installments-summary__note">* {t('INSTALLMENTS.SCHEDULE.DIFFERS')}</p>
      )}
    </div>
  );
}
