import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { fieldId, useConfig } from './config-context';
import { getAt } from './config-store';

/** A field's label and help text: CONFIG_SCREEN.FIELDS.<name>.LABEL and .HELP. */
export function useFieldText(name: string) {
  const { t } = useTranslation();
  return {
    label: t(`CONFIG_SCREEN.FIELDS.${name}.LABEL`),
    help: t(`CONFIG_SCREEN.FIELDS.${name}.HELP`, { defaultValue: '' }),
  };
}

function useFieldState(path: string) {
  const { t } = useTranslation();
  const { draft, editing, issues, setAt } = useConfig();
  const issue = issues.find((i) => i.path === path);
  const error = issue ? t(issue.message, issue.params) : undefined;
  return { value: getAt(draft, path), editing, error, set: (v: unknown) => setAt(path, v) };
}

interface FieldProps {
  path: string;
  /** The CONFIG_SCREEN.FIELDS key. */
  name: string;
  /** Shown with the name, e.g. the network's or contact's number. */
  suffix?: string;
}

function Described({
  id,
  help,
  error,
  children,
  label,
  className,
}: {
  id: string;
  help: string;
  error: string | undefined;
  label: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`config-field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {help && (
        <p id={`${id}-help`} className="config-field__help">
          {help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="config-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, help: string, error: string | undefined) =>
  [help && `${id}-help`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

const labelOf = (label: string, suffix?: string) => (suffix ? `${label} ${suffix}` : label);

/** A text input kept as text; `kind` number and list keep their own text while typed. */
export function TextConfigField({
  path,
  name,
  suffix,
  kind = 'text',
  ltr = true,
}: FieldProps & { kind?: 'text' | 'number' | 'list'; ltr?: boolean }) {
  const { label, help } = useFieldText(name);
  const { value, editing, error, set } = useFieldState(path);
  const id = fieldId(path);
  const shown =
    kind === 'list'
      ? ((value as string[] | undefined) ?? []).join(', ')
      : value === undefined || value === null
        ? ''
        : String(value);
  const [text, setText] = useState(shown);
  // Follow changes made elsewhere (reset, JSON view, import) without fighting the admin's typing.
  useEffect(() => {
    setText((current) => (normalise(current, kind) === normalise(shown, kind) ? current : shown));
  }, [shown, kind]);
  return (
    <Described id={id} help={help} error={error} label={labelOf(label, suffix)}>
      <input
        id={id}
        name={path}
        type="text"
        dir={ltr ? 'ltr' : undefined}
        inputMode={kind === 'number' ? 'decimal' : undefined}
        readOnly={!editing}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, help, error)}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (kind === 'number') set(next.trim() === '' ? Number.NaN : Number(next));
          else if (kind === 'list')
            set(
              next
                .split(',')
                .map((part) => part.trim())
                .filter(Boolean),
            );
          else set(next);
        }}
      />
    </Described>
  );
}

function normalise(text: string, kind: string): string {
  if (kind === 'list')
    return text
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
      .join(',');
  if (kind === 'number') return String(Number(text));
  return text;
}

export function CheckboxConfigField({ path, name, suffix }: FieldProps) {
  const { label, help } = useFieldText(name);
  const { value, editing, error, set } = useFieldState(path);
  const id = fieldId(path);
  return (
    <div className="config-field config-field--check">
      <input
        id={id}
        name={path}
        type="checkbox"
        checked={value === true}
        disabled={!editing}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, help, error)}
        onChange={(event) => set(event.target.checked)}
      />
      <label htmlFor={id}>{labelOf(label, suffix)}</label>
      {help && (
        <p id={`${id}-help`} className="config-field__help">
          {help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="config-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A choice among fixed values; each option's text is CONFIG_SCREEN.OPTIONS.<value> when there is one. */
export function SelectConfigField({ path, name, suffix, options }: FieldProps & { options: readonly string[] }) {
  const { t } = useTranslation();
  const { label, help } = useFieldText(name);
  const { value, editing, error, set } = useFieldState(path);
  const id = fieldId(path);
  return (
    <Described id={id} help={help} error={error} label={labelOf(label, suffix)}>
      <select
        id={id}
        name={path}
        value={String(value ?? '')}
        disabled={!editing}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, help, error)}
        onChange={(event) => set(event.target.value)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {t(`CONFIG_SCREEN.OPTIONS.${option}`, { defaultValue: option })}
          </option>
        ))}
      </select>
    </Described>
  );
}

/** A group of related fields under a heading. */
export function FieldGroup({ title, children, note }: { title: string; children: ReactNode; note?: string }) {
  return (
    <fieldset className="config-group">
      <legend>{title}</legend>
      {note && <p className="config-group__note">{note}</p>}
      <div className="config-group__fields">{children}</div>
    </fieldset>
  );
}
