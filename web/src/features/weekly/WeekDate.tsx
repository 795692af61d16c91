import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui';
import { longDate } from '../notes/api';
import styles from './Weekly.module.css';

/**
 * The week beginning date: shown as text, edited in place. Enter applies the new date (only
 * when one is set and it differs), Escape cancels. When the edit closes by Enter or Escape,
 * focus goes back to the date's button (`focusOnMount` puts it there in the week that opens).
 */
export function WeekDate({
  week,
  onChange,
  focusOnMount = false,
}: {
  week: string;
  onChange: (date: string) => void;
  focusOnMount?: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(week);
  const button = useRef<HTMLButtonElement>(null);
  // Set when the edit closes from the keyboard: the button it came from takes focus back.
  const refocus = useRef(focusOnMount);
  useEffect(() => {
    if (!editing && refocus.current) {
      refocus.current = false;
      button.current?.focus();
    }
  }, [editing]);

  if (!editing)
    return (
      <div className={styles.weekDate}>
        <span className={styles.weekLabel}>Week beginning</span>
        <Button
          ref={button}
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
  const finish = (byKey: boolean) => {
    // A blur that follows (the field leaving the page) must not undo the key's refocus.
    if (byKey) refocus.current = true;
    setEditing(false);
  };
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
            finish(true);
            if (value && value !== week) onChange(value);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            // Escape closes this edit only, not a dialog around it.
            e.stopPropagation();
            finish(true);
          }
        }}
        // Focus moved elsewhere (a click, Tab): the edit closes and focus stays where it went.
        onBlur={() => finish(false)}
      />
      <span className={styles.hint}>Enter to apply, Escape to cancel</span>
    </div>
  );
}
