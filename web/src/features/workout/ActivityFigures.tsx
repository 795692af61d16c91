import type { ActivitySummary } from '#common/api/activities.js';
import styles from './activities.module.css';
import { bpm, duration, km, metres, speed, speedLabel } from './activityFormat';

interface Figure {
  label: string;
  value: string;
}

/** An activity's figures that the file gave, in the order people read them. */
export function activityFigures(a: ActivitySummary, detailed = false): Figure[] {
  const out: Figure[] = [];
  const add = (label: string, value: string | null | false) => value && out.push({ label, value });
  add('Distance', a.distance_m !== null && a.distance_m > 0 && km(a.distance_m));
  add('Time', duration(a.moving_s ?? a.elapsed_s));
  if (detailed && a.moving_s !== null && Math.abs(a.moving_s - a.elapsed_s) >= 1) add('Elapsed', duration(a.elapsed_s));
  add(speedLabel(a.sport), speed(a.sport, a.avg_speed_mps));
  add('Ascent', a.ascent_m !== null && metres(a.ascent_m));
  add('Avg HR', a.avg_hr !== null && bpm(a.avg_hr));
  add('Max HR', a.max_hr !== null && bpm(a.max_hr));
  if (detailed) add('Calories', a.calories !== null && `${Math.round(a.calories)} kcal`);
  add('Device', a.device);
  return out;
}

/** The figures as a definition list: a row of small tiles in the list, a grid on the detail view. */
export function ActivityFigures({ activity, detailed = false }: { activity: ActivitySummary; detailed?: boolean }) {
  return (
    <dl className={detailed ? styles.figuresLarge : styles.figures}>
      {activityFigures(activity, detailed).map((f) => (
        <div key={f.label} data-kind={f.label === 'Device' ? 'device' : undefined}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
