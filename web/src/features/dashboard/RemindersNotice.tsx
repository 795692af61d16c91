import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AlertIcon } from '../../ui/icons';
import { brokenNotice, remindersQuery } from '../reminders/query';
import styles from './Overview.module.css';

/**
 * A reminder channel stopped by repeated failures: said on the overview with the way to its
 * settings. Reads the Reminders tab's own query (no zod: see reminders/query.ts); rendered with
 * the overview's cards, so asked for once the overview's own answer is in. Says nothing when all
 * is well or the read fails.
 */
export function RemindersNotice() {
  const reminders = useQuery(remindersQuery);
  const broken = reminders.data?.channels.filter((c) => c.broken_at !== null) ?? [];
  if (broken.length === 0) return null;
  return (
    <div role="status" className={styles.remindersNotice}>
      <AlertIcon aria-hidden="true" className={styles.remindersIcon} />
      <div className={styles.remindersText}>
        {broken.map((c) => (
          <p key={c.id}>{brokenNotice(c.label)}</p>
        ))}
      </div>
      <Link to="/dashboard/reminders" className={styles.textLink}>
        Open reminder settings
      </Link>
    </div>
  );
}
