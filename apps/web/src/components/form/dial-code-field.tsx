import { DIAL_CODES } from './countries';
import { SelectField } from './fields';
import type { Problem } from './use-form';

interface DialCodeFieldProps {
  label: string;
  value: string;
  error?: Problem | undefined;
  disabled?: boolean;
  onChange(value: string): void;
}

/** The phone country-code picker (spec: default +1); a stored code missing from the list stays selectable. */
export function DialCodeField({ label, value, error, disabled, onChange }: DialCodeFieldProps) {
  const codes = value === '' || DIAL_CODES.includes(value) ? DIAL_CODES : [value, ...DIAL_CODES];
  return (
    <SelectField
      name="phoneCountryCode"
      label={label}
      autoComplete="tel-country-code"
      value={value}
      {...(error ? { error } : {})}
      {...(disabled !== undefined ? { disabled } : {})}
      onChange={onChange}
    >
      {codes.map((code) => (
        <option key={code} value={code} dir="ltr">
          {code}
        </option>
      ))}
    </SelectField>
  );
}
