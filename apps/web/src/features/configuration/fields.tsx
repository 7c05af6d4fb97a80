import { useEffect, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { TranslateOptions } from '@c2p/domain';
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

/** The problem found at a path, translated; none while the path has none. */
export function useFieldError(path: string): string | undefined {
  const { t } = useTranslation();
  const issue = useConfig().issues.find((i) => i.path === path);
  return issue ? t(issue.message, issue.params) : undefined;
}

function useFieldState(path: string) {
  const { draft, editing, setAt } = useConfig();
  const error = useFieldError(path);
  return { value: getAt(draft, path), editing, error, set: (v: unknown) => setAt(path, v) };
}

interface FieldProps {
  path: string;
  /** The CONFIG_SCREEN.FIELDS key. */
  name: string;
  /** Shown with the name, e.g. the network's or contact's number. */
  suffix?: string;
}

/** A field's help or error line, referred to by the field's aria-describedby; nothing without text. */
export function FieldNote({
  id,
  kind,
  text,
  role,
}: {
  /** The field's id; the note's is `${id}-help` or `${id}-error`. None for a note no field refers to. */
  id?: string;
  kind: 'help' | 'error';
  text: string | undefined;
  role?: 'alert';
}) {
  if (!text) return null;
  return (
    <p id={id && `${id}-${kind}`} className={`config-field__${kind}`} role={role}>
      {text}
    </p>
  );
}

export function Described({
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
      <FieldNote id={id} kind="help" text={help} />
      <FieldNote id={id} kind="error" text={error} />
    </div>
  );
}

export const describedBy = (id: string, help: string, error: string | undefined) =>
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
      <FieldNote id={id} kind="help" text={help} />
      <FieldNote id={id} kind="error" text={error} />
    </div>
  );
}

/** A choice among fixed values; each option's text is CONFIG_SCREEN.OPTIONS.<value> when there is one. */
/** One `field` per member of `names`: the setting at `under`.member, named by its catalogue name. */
export function ConfigFieldsUnder({
  field: Field,
  under,
  names,
}: {
  field: (props: FieldProps) => ReactNode;
  under: string;
  names: Readonly<Record<string, string>>;
}) {
  return (
    <>
      {Object.entries(names).map(([member, name]) => (
        <Field key={member} path={`${under}.${member}`} name={name} />
      ))}
    </>
  );
}

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

/**
 * A labelled input of the screen's own, outside the configuration (a new contact, an upload's name,
 * the share link): written left to right, read-only without onChange.
 */
export function PlainField({
  id,
  label,
  help,
  className,
  children,
  ...input
}: { id: string; label: string; help?: string; className?: string; children?: ReactNode } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'onChange'
>) {
  return (
    <div className={className ? `config-field ${className}` : 'config-field'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        dir="ltr"
        readOnly={!input.onChange}
        aria-describedby={help ? `${id}-help` : undefined}
        {...input}
      />
      <FieldNote id={id} kind="help" text={help} />
      {children}
    </div>
  );
}

/** A button of edit mode (adds or removes an item of a list); nothing while the admin previews. */
export function EditModeButton({
  label,
  onClick,
  kind = 'ghost',
}: {
  label: string;
  onClick(): void;
  kind?: 'ghost' | 'secondary';
}) {
  const { editing } = useConfig();
  if (!editing) return null;
  return (
    <button type="button" className={`button button--${kind}`} onClick={onClick}>
      {label}
    </button>
  );
}

/** The list without its item at `index`. */
export const withoutItem = <T,>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);

/**
 * A group of related fields under a heading: CONFIG_SCREEN.GROUPS.<name> (with `values`), and with
 * `note` the note under it, CONFIG_SCREEN.GROUPS.<name>_NOTE.
 */
export function FieldGroup({
  name,
  values,
  note = false,
  children,
}: {
  name: string;
  values?: TranslateOptions;
  note?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="config-group">
      <legend>{t(`CONFIG_SCREEN.GROUPS.${name}`, values)}</legend>
      {note && <p className="config-group__note">{t(`CONFIG_SCREEN.GROUPS.${name}_NOTE`)}</p>}
      <div className="config-group__fields">{children}</div>
    </fieldset>
  );
}
