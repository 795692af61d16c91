import { Link } from 'react-router';
import { SPORT_LABELS, type Sport } from '#common/api/activities.js';
import type { Stats } from '#common/api/stats.js';
import { Card } from '../../ui';
import { longDate } from './api';
import { ChartCard, HeartRateLine, type Layer, StackedWeeklyBars } from './charts';
import styles from './Stats.module.css';

/** The palette's colours in the order sports take them: the grey one last. */
const COLOURS = [0, 1, 3, 4, 5, 2];

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A legend of the sports, in the colours of their layers. */
function SportLegend({ layers }: { layers: Layer[] }) {
  return (
    <ul className={styles.legend} aria-hidden="true">
      {layers.map((l) => (
        <li key={l.label}>
          <span className={styles.swatch} data-series={l.color} />
          {l.label}
        </li>
      ))}
    </ul>
  );
}

/**
 * Distance and time per week by sport, and the heart rate of the activity days, from the
 * imported activities; a calm line instead while there are none in the range.
 */
export function ActivityCharts({ stats }: { stats: Stats }) {
  const { weeks, activityWeeks, heartRate } = stats;
  if (activityWeeks.length === 0 && heartRate.length === 0)
    return (
      <Card title="Activities by sport" titleAs="h3" className={styles.chartCard} aria-label="Activities by sport">
        <p className={styles.calm}>
          Activities you import from your watch, bike computer or Strava export will show here by sport.{' '}
          <Link to="/workout/import">Import activities</Link>
        </p>
      </Card>
    );

  // The sports of the range, the most time first (the bottom of each stack).
  const minutesBySport = new Map<Sport, number>();
  for (const w of activityWeeks) minutesBySport.set(w.sport, (minutesBySport.get(w.sport) ?? 0) + w.minutes);
  const sports = [...minutesBySport.entries()].sort((a, b) => b[1] - a[1]).map(([s]) => s);
  const weekIndex = new Map(weeks.map((w, i) => [w.start, i]));
  const layers = (pick: (w: Stats['activityWeeks'][number]) => number): Layer[] =>
    sports.map((sport, i) => {
      const values: number[] = weeks.map(() => 0);
      for (const w of activityWeeks) {
        const at = weekIndex.get(w.start);
        if (w.sport === sport && at !== undefined) values[at] = round1((values[at] ?? 0) + pick(w));
      }
      return { label: SPORT_LABELS[sport], values, color: COLOURS[i % COLOURS.length] ?? 0 };
    });
  const distance = layers((w) => w.distance_km);
  const hours = layers((w) => w.minutes / 60);
  const rows = weeks.map((w) => `Week of ${longDate(w.start)}`);
  const totalKm = activityWeeks.reduce((n, w) => n + w.distance_km, 0);

  return (
    <>
      <ChartCard
        title="Distance by sport"
        description="Kilometres a week from your imported activities"
        empty={totalKm === 0}
        emptyText="No distance in your imported activities of these weeks."
        table={{
          caption: 'Kilometres per week by sport',
          head: 'Week',
          rows,
          columns: distance.map((l) => ({ label: `${l.label} (km)`, values: l.values })),
        }}
      >
        <StackedWeeklyBars weeks={weeks} layers={distance} unit="km" />
        <SportLegend layers={distance} />
      </ChartCard>
      <ChartCard
        title="Time by sport"
        description="Hours a week from your imported activities"
        empty={activityWeeks.length === 0}
        emptyText="No imported activities in these weeks."
        table={{
          caption: 'Hours per week by sport',
          head: 'Week',
          rows,
          columns: hours.map((l) => ({ label: `${l.label} (hours)`, values: l.values })),
        }}
      >
        <StackedWeeklyBars weeks={weeks} layers={hours} unit="hours" />
        <SportLegend layers={hours} />
      </ChartCard>
      <ChartCard
        title="Heart rate"
        description="Average heart rate of your activity days"
        empty={heartRate.length === 0}
        emptyText="None of your imported activities in these weeks recorded a heart rate."
        table={{
          caption: 'Average heart rate by day',
          head: 'Day',
          rows: heartRate.map((h) => longDate(h.date)),
          columns: [{ label: 'Average heart rate (bpm)', values: heartRate.map((h) => Math.round(h.avg_hr)) }],
        }}
      >
        <HeartRateLine from={stats.from} to={stats.to} heartRate={heartRate} />
      </ChartCard>
    </>
  );
}
