import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useFieldIds } from './Field';
import styles from './Field.module.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its label beside it; the whole row is clickable. */
export function Checkbox({ label, hint, error, id, className, ref, ...input }: CheckboxProps) {
  const f = useFieldIds(id, hint, error, input['aria-describedby']);
  return (
    <div className={`${styles.checkField} ${className ?? ''}`}>
      <label htmlFor={f.controlId} className={styles.checkRow}>
        <input ref={ref} {...input} type="checkbox" id={f.controlId} className={styles.checkbox} {...f.aria} />
        <span>{label}</span>
      </label>
      {hint && (
        <p id={f.hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={f.errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
