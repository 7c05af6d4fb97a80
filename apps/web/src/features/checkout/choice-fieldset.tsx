/** One choice of a few, as radio buttons under a legend (the payment method, the contact's kind). */
export function ChoiceFieldset<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  labelOf,
  className,
  optionClassName,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  onChange(value: T): void;
  labelOf(option: T): string;
  className: string;
  optionClassName: string;
}) {
  return (
    <fieldset className={className}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option} className={optionClassName}>
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
          {labelOf(option)}
        </label>
      ))}
    </fieldset>
  );
}
