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
  /**
   * Where focus goes on close when the control that opened the dialog is gone, e.g. the menu
   * item of a menu that closed as the dialog opened: the menu's own button.
   */
  returnFocus?: RefObject<HTMLElement | null>;
  children?: ReactNode;
}

/** Focus may land here: on the page, and not on <body> (where a focused control went when it was removed). */
const focusable = (el: Element | null | undefined): el is HTMLElement =>
  el instanceof HTMLElement && el !== document.body && el.isConnected;

// The last control focused on the page, for a dialog whose opener lost focus before it opened
// (a menu item removed with its menu takes focus to <body> at once).
let lastFocused: HTMLElement | null = null;
/** The first field of a dialog, else the dialog itself. */
const firstFieldOf = (dialog: HTMLElement | null) =>
  dialog?.querySelector<HTMLElement>(
    'input:not([type="hidden"]):not([disabled]):not([tabindex="-1"]), textarea:not([disabled]), select:not([disabled])',
  ) ?? dialog;
if (typeof document !== 'undefined')
  document.addEventListener('focusin', (e) => {
    if (e.target instanceof HTMLElement) lastFocused = e.target;
  });

/**
 * A dialog on Radix: focus is trapped inside and returns to the control that opened it on
 * close; when that control is gone, to `returnFocus`, else into the dialog it was in (a
 * question asked from inside a dialog), else to the page's content. Escape and the overlay
 * close it, the page behind is inert and does not scroll.
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
  returnFocus,
  children,
}: ModalProps) {
  // Opened from state rather than a Radix Trigger, so Radix would not know where focus was:
  // remember the focused element on open and return focus to it on close. Radix itself would
  // focus <body> when that element is gone, which leaves keyboard users at the top of the page.
  const opener = useRef<HTMLElement | null>(null);
  const openerDialog = useRef<HTMLElement | null>(null);
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
            const active = document.activeElement;
            opener.current = focusable(active) ? active : focusable(lastFocused) ? lastFocused : null;
            openerDialog.current = opener.current?.closest<HTMLElement>('[role="dialog"]') ?? null;
            if (initialFocus?.current) {
              e.preventDefault();
              initialFocus.current.focus();
            }
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            // Focus already placed elsewhere (by a dialog that closed with this one) stays there.
            const target = focusable(opener.current)
              ? opener.current
              : focusable(document.activeElement)
                ? null
                : [returnFocus?.current, firstFieldOf(openerDialog.current), document.getElementById('content')].find(
                    focusable,
                  );
            target?.focus();
            opener.current = null;
            openerDialog.current = null;
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
