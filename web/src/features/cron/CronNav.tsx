import { NavLink } from 'react-router';
import styles from './Cron.module.css';

/** Moves between the job list, the execution history and the new-job form. */
export function CronNav() {
  const cls = ({ isActive }: { isActive: boolean }) => `${styles.navLink} ${isActive ? styles.navActive : ''}`;
  return (
    <nav aria-label="Cron jobs" className={styles.nav}>
      <NavLink to="/dashboard/cron-jobs" className={cls}>
        Jobs
      </NavLink>
      <NavLink to="/dashboard/cron-executions" className={cls}>
        Execution History
      </NavLink>
      <NavLink to="/dashboard/cron-new" className={cls}>
        New Job
      </NavLink>
    </nav>
  );
}
