import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from './icons';
import styles from './Toast.module.css';

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastOptions {
  tone?: ToastTone;
  /** Milliseconds before it disappears (default 4000; 6000 for errors; 0 keeps it). */
  duration?: number;
}

interface ToastItem {
  id: number;
  message: ReactNode;
  tone: ToastTone;
  duration: number;
}

export interface ToastApi {
  show: (message: ReactNode, options?: ToastOptions) => number;
  success: (message: ReactNode) => number;
  error: (message: ReactNode) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Short-lived notices, e.g. 'Job triggered successfully'. Needs a ToastProvider above. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

const ICONS = { info: InfoIcon, success: CheckIcon, error: AlertIcon };

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  // Hover or focus on the notifications pauses their timers so the text can be read.
  const [paused, setPaused] = useState(false);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback((message: ReactNode, options: ToastOptions = {}) => {
    const tone = options.tone ?? 'info';
    const duration = options.duration ?? (tone === 'error' ? 6000 : 4000);
    const id = nextId.current++;
    // At most three at once: the oldest goes first.
    setToasts((list) => [...list.slice(-2), { id, message, tone, duration }]);
    return id;
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (message) => show(message, { tone: 'success' }),
      error: (message) => show(message, { tone: 'error' }),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* One polite live region that always exists, so screen readers announce new toasts. */}
      <section
        role="status"
        aria-live="polite"
        aria-label="Notifications"
        className={styles.region}
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
      >
        {toasts.map((t) => (
          <Toast key={t.id} item={t} paused={paused} onDismiss={dismiss} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}

function Toast({ item, paused, onDismiss }: { item: ToastItem; paused: boolean; onDismiss: (id: number) => void }) {
  useEffect(() => {
    if (!item.duration || paused) return;
    const timer = window.setTimeout(() => onDismiss(item.id), item.duration);
    return () => window.clearTimeout(timer);
  }, [item, paused, onDismiss]);

  const Icon = ICONS[item.tone];
  return (
    <div className={`${styles.toast} ${styles[item.tone]}`}>
      <Icon className={styles.icon} />
      <div className={styles.message}>{item.message}</div>
      <button
        type="button"
        className={styles.close}
        aria-label="Dismiss notification"
        onClick={() => onDismiss(item.id)}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
