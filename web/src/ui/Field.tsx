import { type ReactNode, useId } from 'react';
import styles from './Field.module.css';

/** Props every labelled form control shares. */
export interface FieldProps {
  label: ReactNode;
  /** Help text under the control. */
  hint?: ReactNode;
  /** Error text under the control; also sets aria-invalid. */
  error?: ReactNode;
  /** Hide the label visually (it stays for screen readers). */
  hideLabel?: boolean;
}

/** Ids and ARIA attributes that tie a control to its label, hint and error. */
export function useFieldIds(id: string | undefined, hint: ReactNode, error: ReactNode, describedBy?: string) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const ids = [describedBy, hintId, errorId].filter(Boolean).join(' ');
  return {
    controlId,
    hintId,
    errorId,
    aria: { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined },
  };
}

interface FieldShellProps extends FieldProps {
  controlId: string;
  hintId: string | undefined;
  errorId: string | undefined;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label above, control, then hint and error. Used by TextField, TextArea and Select. */
export function FieldShell({
  label,
  hint,
  error,
  hideLabel,
  controlId,
  hintId,
  errorId,
  required,
  className,
  children,
}: FieldShellProps) {
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={controlId} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Moves focus to the first field inside `root` marked invalid (an `error` set), scrolled into
 * view below the sticky top bar (theme.css gives form controls a scroll margin). Call it once
 * the errors are rendered, e.g. after `flushSync(() => setErrors(found))`. False when none is.
 */
export function focusFirstInvalid(root: HTMLElement | null): boolean {
  const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return false;
  field.focus({ preventScroll: true });
  field.scrollIntoView({ block: 'nearest' });
  return true;
}
