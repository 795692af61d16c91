import { useEffect, useState } from 'react';
import styles from './workout.module.css';

/** A message that disappears `ms` after it is set. */
export function useTimedMessage(ms: number): [string | null, (m: string | null) => void] {
  const [msg, setMsg] = useState<string | null>(null);
  useEffect(() => {
    if (!msg) return;
    const t = setTimeout(() => setMsg(null), ms);
    return () => clearTimeout(t);
  }, [msg, ms]);
  return [msg, setMsg];
}

/** The outcome of a save: an error as an alert, a success as a status line. */
export function FormMessages({ error, success }: { error: string | null; success: string | null }) {
  return (
    <>
      {error && (
        <p role="alert" className={styles.errorText}>
          {error}
        </p>
      )}
      {success && (
        <p role="status" className={styles.successText}>
          {success}
        </p>
      )}
    </>
  );
}
