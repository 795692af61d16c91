import type { InputHTMLAttributes, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { type FieldProps, FieldShell, useFieldIds } from './Field';
import styles from './Field.module.css';

export interface TextFieldProps extends FieldProps, InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input (any `type`: text, password, date, number, email…). */
export function TextField({ label, hint, error, hideLabel, id, className, ref, ...input }: TextFieldProps) {
  const f = useFieldIds(id, hint, error, input['aria-describedby']);
  return (
    <FieldShell {...{ label, hint, error, hideLabel, className, required: input.required }} {...f}>
      <input ref={ref} type="text" {...input} id={f.controlId} className={styles.control} {...f.aria} />
    </FieldShell>
  );
}

export interface TextAreaProps extends FieldProps, TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line text area; `rows` sets its height. */
export function TextArea({ label, hint, error, hideLabel, id, className, ref, ...area }: TextAreaProps) {
  const f = useFieldIds(id, hint, error, area['aria-describedby']);
  return (
    <FieldShell {...{ label, hint, error, hideLabel, className, required: area.required }} {...f}>
      <textarea ref={ref} {...area} id={f.controlId} className={`${styles.control} ${styles.textarea}`} {...f.aria} />
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends FieldProps, SelectHTMLAttributes<HTMLSelectElement> {
  /** The choices; alternatively pass <option> children. */
  options?: SelectOption[];
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select (native keeps mobile pickers and keyboard behaviour). */
export function Select({
  label,
  hint,
  error,
  hideLabel,
  id,
  className,
  options,
  children,
  ref,
  ...select
}: SelectProps) {
  const f = useFieldIds(id, hint, error, select['aria-describedby']);
  return (
    <FieldShell {...{ label, hint, error, hideLabel, className, required: select.required }} {...f}>
      <select ref={ref} {...select} id={f.controlId} className={`${styles.control} ${styles.select}`} {...f.aria}>
        {options?.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
    </FieldShell>
  );
}
