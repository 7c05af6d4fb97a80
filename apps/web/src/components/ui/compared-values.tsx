import { useTranslation } from '../../lib/i18n';

/** A compared value as it was: text as is, anything else as compact JSON. */
const shown = (value: unknown): string =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** What a check expected and what it found, side by side (an agent's order, a party's checks). */
export function ComparedValues({
  compared,
  className,
  valueClassName,
}: {
  compared: { expected?: unknown; actual?: unknown };
  className: string;
  valueClassName: string;
}) {
  const { t } = useTranslation();
  return (
    <dl className={className}>
      {(
        [
          ['EXPECTED', compared.expected],
          ['FOUND', compared.actual],
        ] as const
      ).map(([label, value]) => (
        <div key={label}>
          <dt>{t(`AGENTIC.ORDER.${label}`)}</dt>
          <dd>
            <code dir="ltr" className={valueClassName}>
              {shown(value)}
            </code>
          </dd>
        </div>
      ))}
    </dl>
  );
}
