import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { isEditingKey, type Form, type Problem } from './use-form';

export function useProblemText() {
  const { t } = useTranslation();
  return (problem: Problem | undefined) => (problem ? ('key' in problem ? t(problem.key) : problem.text) : undefined);
}

type ExtraInputProps = Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'maxLength' | 'placeholder' | 'dir'>;

interface TextFieldProps extends ExtraInputProps {
  name: string;
  label: string;
  type?: 'email' | 'password' | 'text' | 'tel';
  autoComplete: string;
  value: string;
  error: Problem | undefined;
  disabled?: boolean;
  hint?: string | undefined;
  className?: string;
  onChange(value: string): void;
  /** Runs on keyup and blur, as spec section 5 validates. */
  onCheck(value: string, blur: boolean): void;
}

/** A labelled input whose message sits under it, tied by aria-describedby and aria-invalid. */
export function TextField({
  name,
  label,
  type = 'text',
  autoComplete,
  value,
  error,
  disabled,
  hint,
  className,
  onChange,
  onCheck,
  ...extra
}: TextFieldProps) {
  const id = useId();
  const text = useProblemText()(error);
  const describedBy = [hint && `${id}-hint`, text && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        {...extra}
        id={id}
        name={name}
        type={type}
        dir={extra.dir ?? (type === 'email' || type === 'tel' ? 'ltr' : undefined)}
        autoComplete={autoComplete}
        value={value}
        disabled={disabled}
        aria-invalid={text ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        onKeyUp={(event) => {
          if (isEditingKey(event.key)) onCheck(event.currentTarget.value, false);
        }}
        onBlur={(event) => onCheck(event.currentTarget.value, true)}
      />
      <FieldNote id={`${id}-hint`} className="field__hint" text={hint} />
      <FieldNote id={`${id}-error`} className="field__error" text={text} />
    </div>
  );
}

/** A line under a field (its hint or its problem), when there is one; the field names it by `id`. */
function FieldNote({ id, className, text }: { id: string; className: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className={className}>
      {text}
    </p>
  );
}

/** One text field of a form: its name in the form, its label's catalogue key and how it is filled. */
export interface TextFieldSpec<F extends string> {
  name: F;
  label: string;
  type?: TextFieldProps['type'];
  autoComplete: string;
}

/** Text fields one after another, each bound to the form field it names. */
export function TextFieldList<F extends string>({
  form,
  fields,
  disabled,
}: {
  form: Pick<Form<F>, 'bind'>;
  fields: readonly TextFieldSpec<F>[];
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return fields.map(({ name, label, type, autoComplete }) => (
    <TextField
      key={name}
      name={name}
      label={t(label)}
      type={type}
      autoComplete={autoComplete}
      disabled={disabled}
      {...form.bind(name)}
    />
  ));
}

interface SelectFieldProps {
  name: string;
  label: string;
  value: string;
  error?: Problem;
  disabled?: boolean;
  autoComplete?: string;
  className?: string;
  children: ReactNode;
  onChange(value: string): void;
}

export function SelectField({
  name,
  label,
  value,
  error,
  disabled,
  autoComplete,
  className,
  children,
  onChange,
}: SelectFieldProps) {
  const id = useId();
  const text = useProblemText()(error);
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        autoComplete={autoComplete}
        aria-invalid={text ? true : undefined}
        aria-describedby={text ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
      <FieldNote id={`${id}-error`} className="field__error" text={text} />
    </div>
  );
}

/** Moves focus to a form's field by name, e.g. the first invalid one after a submit. */
export function focusField(form: HTMLFormElement | null, name: string | undefined): void {
  if (!form || !name) return;
  const element = form.elements.namedItem(name);
  if (element instanceof HTMLElement) element.focus();
}
