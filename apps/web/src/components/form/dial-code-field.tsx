import { useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { dialCodeChoices, dialCodeOf } from './countries';
import { SelectField } from './fields';
import type { Problem } from './use-form';

interface DialCodeFieldProps {
  label: string;
  value: string;
  error?: Problem | undefined;
  disabled?: boolean;
  onChange(value: string): void;
}

// Left-to-right marks keep "+44" signed on the left in an Arabic option (a select's closed box
// did not honour an isolate around it).
const ltr = (text: string) => `\u200e${text}\u200e`;

/**
 * The phone country-code picker (spec: default +1): each country by name with its code, in the
 * visitor's language. The form holds the code; the country chosen stays shown while it matches
 * (several share +1). A stored code missing from the list stays selectable.
 */
export function DialCodeField({ label, value, error, disabled, onChange }: DialCodeFieldProps) {
  const { t, i18n } = useTranslation();
  const choices = useMemo(() => dialCodeChoices(i18n.language), [i18n.language]);
  const [picked, setPicked] = useState<string>();
  const known = value === '' || choices.some((choice) => choice.dialCode === value);
  return (
    <SelectField
      name="phoneCountryCode"
      label={label}
      autoComplete="tel-country-code"
      value={picked !== undefined && dialCodeOf(picked) === value ? picked : value}
      {...(error ? { error } : {})}
      {...(disabled !== undefined ? { disabled } : {})}
      onChange={(option) => {
        setPicked(option);
        onChange(dialCodeOf(option));
      }}
    >
      {!known && (
        <option value={value} dir="ltr">
          {value}
        </option>
      )}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {t('POLISH.COUNTRY_DIAL_CODE', { country: choice.country, code: ltr(choice.dialCode) })}
        </option>
      ))}
    </SelectField>
  );
}
