import { useState } from 'react';
import { Button } from '../../ui';
import { longDate } from '../notes/api';
import styles from './Weekly.module.css';

/**
 * The week beginning date: shown as text, edited in place. Enter applies the new date (only
 * when one is set and it differs), Escape cancels.
 */
export function WeekDate({ week, onChange }: { week: string; onChange: (date: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(week);
  if (!editing)
    return (
      <div className={styles.weekDate}>
        <span className={styles.weekLabel}>Week beginning</span>
        <Button
          variant="ghost"
          size="sm"
          className={styles.weekValue}
          onClick={() => {
            setValue(week);
            setEditing(true);
          }}
          aria-label={`Week beginning ${longDate(week)}. Change the week`}
        >
          {longDate(week)}
        </Button>
      </div>
    );
  const finish = () => setEditing(false);
  return (
    <div className={styles.weekDate}>
      <label className={styles.weekLabel} htmlFor="week-date">
        Week beginning
      </label>
      <input
        id="week-date"
        type="date"
        className={styles.dateInput}
        value={value}
        // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this date
        autoFocus
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (value && value !== week) onChange(value);
            finish();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            finish();
          }
        }}
        onBlur={finish}
      />
      <span className={styles.hint}>Enter to apply, Escape to cancel</span>
    </div>
  );
}
