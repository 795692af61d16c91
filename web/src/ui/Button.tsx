import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './Button.module.css';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretch to the container's width. */
  block?: boolean;
  /** An icon before the label. */
  icon?: ReactNode;
}

/** The class names of a button look, for elements that are not Button or LinkButton. */
export function buttonClassName({ variant = 'secondary', size = 'md', block = false }: Look = {}, extra?: string) {
  return [styles.button, styles[variant], styles[size], block ? styles.block : '', extra ?? ''].join(' ').trim();
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, Look {
  /** Busy: shows a spinner, sets aria-busy and ignores clicks (the label stays for width). */
  loading?: boolean;
  /** Label shown while loading, e.g. 'Saving...'. */
  loadingText?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant,
  size,
  block,
  icon,
  loading = false,
  loadingText,
  className,
  disabled,
  children,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClassName({ variant, size, block }, className)}
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={loading ? (e) => e.preventDefault() : onClick}
    >
      {loading ? <Spinner size="sm" /> : icon}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}

export interface LinkButtonProps extends LinkProps, Look {}

/** A router link that looks like a button (e.g. 'Start Now' → /workout). */
export function LinkButton({ variant, size, block, icon, className, children, ...rest }: LinkButtonProps) {
  return (
    <Link {...rest} className={buttonClassName({ variant, size, block }, className)}>
      {icon}
      {children}
    </Link>
  );
}
