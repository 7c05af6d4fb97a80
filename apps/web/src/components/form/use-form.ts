import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { fieldError } from '@c2p/domain/forms';

type Schema = Parameters<typeof fieldError>[0];

/** A field's problem: a catalogue key from the schemas, or a message the server already translated. */
export type Problem = { key: string } | { text: string };

/** Keys that move between or out of fields without changing them: their keyup validates nothing. */
const NON_EDITING_KEYS = new Set(['Tab', 'Shift', 'Escape', 'Alt', 'Control', 'Meta', 'CapsLock']);

export function isEditingKey(key: string): boolean {
  return !NON_EDITING_KEYS.has(key);
}

/**
 * Form state validated per spec section 5: each field against its zod schema on keyup and blur, all
 * fields at once on submit. `trimmed` fields (email, names) are trimmed on blur and when read.
 */
export function useForm<F extends string>(
  schemas: Record<F, Schema>,
  initial: Record<NoInfer<F>, string>,
  trimmed: NoInfer<F>[] = [],
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, Problem>>>({});
  // Leaving a field the shopper never edited says nothing about it: an error there would only
  // move the layout under the pointer on the way to another control.
  const edited = useRef(new Set<F>());
  const fields = Object.keys(schemas) as F[];
  const clean = (field: F, value: string) => (trimmed.includes(field) ? value.trim() : value);

  return {
    values,
    errors,
    setValue(field: F, value: string) {
      edited.current.add(field);
      setValues((current) => ({ ...current, [field]: value }));
      // A shown error goes as soon as the value is fixed, however it was entered (paste, autofill).
      if (errors[field] && !fieldError(schemas[field], clean(field, value))) {
        setErrors((current) => ({ ...current, [field]: undefined }));
      }
    },
    /** Validates one field as it reads now; on blur a trimmed field also loses its spaces. */
    check(field: F, value: string, blur = false) {
      if (blur && !edited.current.has(field) && !errors[field]) return;
      if (blur && trimmed.includes(field) && value !== value.trim()) {
        setValues((current) => ({ ...current, [field]: value.trim() }));
      }
      const key = fieldError(schemas[field], clean(field, value));
      setErrors((current) => ({ ...current, [field]: key ? { key } : undefined }));
    },
    /** Validates every field; returns the first invalid one (after rendering its message), if any. */
    validateAll(): F | undefined {
      const found: Partial<Record<F, Problem>> = {};
      for (const field of fields) {
        const key = fieldError(schemas[field], clean(field, values[field]));
        if (key) found[field] = { key };
      }
      flushSync(() => setErrors(found));
      return fields.find((field) => found[field]);
    },
    /** The props that tie a TextField to one field: its value, its problem and both checks. */
    bind(field: F) {
      return {
        value: values[field],
        error: errors[field],
        onChange: (value: string) => this.setValue(field, value),
        onCheck: (value: string, blur: boolean) => this.check(field, value, blur),
      };
    },
    /** The trimmed values to send. */
    output(): Record<F, string> {
      return Object.fromEntries(fields.map((field) => [field, clean(field, values[field])])) as Record<F, string>;
    },
    /** Puts the server's field errors (422) by their fields: the first message of each list. */
    mergeServerErrors(server: Record<string, string[] | string | undefined>, alias: Partial<Record<string, F>> = {}) {
      const merged: Partial<Record<F, Problem>> = {};
      for (const [name, messages] of Object.entries(server)) {
        const field = alias[name] ?? (fields.includes(name as F) ? (name as F) : undefined);
        const text = Array.isArray(messages) ? messages[0] : messages;
        if (field && text) merged[field] ??= { text };
      }
      flushSync(() => setErrors((current) => ({ ...current, ...merged })));
      return fields.find((field) => merged[field]);
    },
    reset(next: Record<F, string> = initial) {
      edited.current.clear();
      setValues(next);
      setErrors({});
    },
  };
}

export type Form<F extends string> = ReturnType<typeof useForm<F>>;
