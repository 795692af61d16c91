import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, type RefObject, useRef } from 'react';
import { CloseIcon } from './icons';
import styles from './Modal.module.css';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Required: names the dialog for screen readers. */
  title: ReactNode;
  /** A muted line under the title; also the dialog's accessible description. */
  description?: ReactNode;
  /** Buttons at the bottom, right-aligned (stacked full-width on phones). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Hide the ✕ close button (Escape and the overlay still close). */
  hideClose?: boolean;
  /** Keep the dialog open on overlay click / Escape, e.g. while saving. */
  dismissible?: boolean;
  /** The element that gets focus on open (default: the first focusable inside). */
  initialFocus?: RefObject<HTMLElement | null>;
  children?: ReactNode;
}

/**
 * A dialog on Radix: focus is trapped inside and returns where it was on close, Escape and
 * the overlay close it, the page behind is inert and does not scroll.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  footer,
  size = 'md',
  hideClose = false,
  dismissible = true,
  initialFocus,
  children,
}: ModalProps) {
  // Opened from state rather than a Radix Trigger, so Radix would not know where focus was:
  // remember the focused element on open and return focus to it on close.
  const returnFocus = useRef<HTMLElement | null>(null);
  const guard = (e: Event) => {
    if (!dismissible) e.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={`${styles.content} ${styles[size]}`}
          onEscapeKeyDown={guard}
          onPointerDownOutside={guard}
          onInteractOutside={guard}
          onOpenAutoFocus={(e) => {
            returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            if (initialFocus?.current) {
              e.preventDefault();
              initialFocus.current.focus();
            }
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (returnFocus.current?.isConnected) returnFocus.current.focus();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.header}>
            <div className={styles.headings}>
              <Dialog.Title className={styles.title}>{title}</Dialog.Title>
              {description && <Dialog.Description className={styles.description}>{description}</Dialog.Description>}
            </div>
            {!hideClose && (
              <Dialog.Close className={styles.close} aria-label="Close" disabled={!dismissible}>
                <CloseIcon />
              </Dialog.Close>
            )}
          </div>
          {children && <div className={styles.body}>{children}</div>}
          {footer && <div className={styles.footer}>{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
