import { Link, useSearchParams } from 'react-router';
import {
  DEFAULT_STATS_RANGE,
  STATS_RANGE_LABELS,
  STATS_RANGES,
  STATS_TEXT,
  type Stats,
  type StatsRange,
} from '#common/api/stats.js';
import { Card, ErrorState, LoadingState } from '../../ui';
import { ActivityCharts } from './activityCharts';
import { longDate, shortDate, useStats } from './api';
import { ChartCard, EnergyLine, WeeklyBars } from './charts';
import { Outcomes, Verdicts } from './lists';
import styles from './Stats.module.css';

const RANGES = Object.keys(STATS_RANGES) as StatsRange[];
const isRange = (v: string | null): v is StatsRange => v !== null && v in STATS_RANGES;

/** /dashboard/stats: how the weeks are going, as charts over a chosen range. */
export function StatsPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('range');
  const range = isRange(asked) ? asked : DEFAULT_STATS_RANGE;
  const stats = useStats(range);

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <h2 className={styles.title}>{STATS_TEXT.title}</h2>
        <fieldset className={styles.ranges}>
          <legend className="visually-hidden">Range</legend>
          {RANGES.map((r) => (
            <label key={r} className={styles.range} data-checked={r === range || undefined}>
              <input
                type="radio"
                name="stats-range"
                value={r}
                checked={r === range}
                onChange={() => setParams({ range: r }, { replace: true })}
              />
              {STATS_RANGE_LABELS[r]}
            </label>
          ))}
        </fieldset>
      </div>

      {stats.isPending ? (
        <LoadingState message="Loading your stats…" />
      ) : stats.isError ? (
        <Card>
          <ErrorState message={STATS_TEXT.fetchFailed} onRetry={() => stats.refetch()} retrying={stats.isFetching} />
        </Card>
      ) : (
        <StatsBody stats={stats.data} />
      )}

      <nav className={styles.links} aria-label="Settings">
        <Link to="/dashboard/calendar-settings">Calendar Settings</Link>
        <Link to="/dashboard/coach-settings">Coach Settings</Link>
        {/* Export and import of all the data live there, with the bulk clean-up. */}
        <Link to="/dashboard/data-settings">Data Management</Link>
      </nav>
    </div>
  );
}

function StatsBody({ stats }: { stats: Stats }) {
  const { weeks } = stats;
  const rows = weeks.map((w) => `Week of ${longDate(w.start)}`);
  const col = (label: string, pick: (w: Stats['weeks'][number]) => number) => ({ label, values: weeks.map(pick) });
  const total = (pick: (w: Stats['weeks'][number]) => number) => weeks.reduce((n, w) => n + pick(w), 0);
  const workouts = col('Workouts', (w) => w.workouts);
  const minutes = col('Minutes', (w) => w.minutes);
  const mornings = col('Mornings', (w) => w.mornings);
  const evenings = col('Evenings', (w) => w.evenings);
  const todos = col('Todos completed', (w) => w.todosCompleted);
  const meetings = col('Meetings', (w) => w.meetings);
  const sessionsPlanned = col('Sessions held', (w) => w.sessionsPlanned);
  const sessionsDone = col('Sessions done', (w) => w.sessionsDone);
  const table = (caption: string, columns: (typeof workouts)[]) => ({ caption, head: 'Week', rows, columns });
  const span = `${shortDate(stats.from)} – ${shortDate(stats.to)}`;

  return (
    <>
      <dl className={styles.tiles}>
        <Tile label="Current streak" value={stats.streak.current} unit="day" />
        <Tile label="Longest streak" value={stats.streak.longest} unit="day" />
        <Tile label="Workouts" value={total((w) => w.workouts)} />
        <Tile label="Minutes" value={total((w) => w.minutes)} />
      </dl>
      <p className={styles.span}>{span}</p>

      <div className={styles.charts}>
        <ChartCard
          title="Workouts per week"
          empty={total((w) => w.workouts) === 0}
          emptyText="No workouts logged in these weeks yet."
          table={table('Workouts per week', [workouts])}
        >
          <WeeklyBars weeks={weeks} series={[workouts]} />
        </ChartCard>
        <ChartCard
          title="Minutes per week"
          description="Planned length of the workouts you logged"
          empty={total((w) => w.minutes) === 0}
          emptyText="No workout minutes in these weeks yet."
          table={table('Workout minutes per week', [minutes])}
        >
          <WeeklyBars weeks={weeks} series={[minutes]} />
        </ChartCard>
        <ChartCard
          title="Training sessions"
          description="Sessions held in your week, and those done"
          empty={total((w) => w.sessionsPlanned) === 0}
          emptyText="No training sessions in these weeks yet. Plan them in Workout settings."
          table={table('Training sessions held and done per week', [sessionsPlanned, sessionsDone])}
        >
          <WeeklyBars weeks={weeks} series={[sessionsPlanned, sessionsDone]} />
        </ChartCard>
        <ActivityCharts stats={stats} />
        <ChartCard
          title="Journal consistency"
          description="Mornings and evenings written per week"
          empty={total((w) => w.mornings + w.evenings) === 0}
          emptyText="No morning or evening notes in these weeks yet."
          table={table('Mornings and evenings written per week', [mornings, evenings])}
        >
          <WeeklyBars weeks={weeks} series={[mornings, evenings]} />
        </ChartCard>
        <ChartCard
          title="Energy level"
          description="From your morning notes, 0–10"
          empty={stats.energy.length === 0}
          emptyText="No energy levels in your morning notes yet."
          table={{
            caption: 'Energy level by day',
            head: 'Day',
            rows: stats.energy.map((e) => longDate(e.date)),
            columns: [{ label: 'Energy (0–10)', values: stats.energy.map((e) => e.level) }],
          }}
        >
          <EnergyLine from={stats.from} to={stats.to} energy={stats.energy} />
        </ChartCard>
        <ChartCard
          title="Todos completed per week"
          empty={total((w) => w.todosCompleted) === 0}
          emptyText="No todos ticked off in these weeks yet."
          table={table('Todos completed per week', [todos])}
        >
          <WeeklyBars weeks={weeks} series={[todos]} />
        </ChartCard>
        <ChartCard
          title="Meetings with transcripts"
          empty={total((w) => w.meetings) === 0}
          emptyText="No meeting transcripts in these weeks yet."
          table={table('Meetings with transcripts per week', [meetings])}
        >
          <WeeklyBars weeks={weeks} series={[meetings]} />
        </ChartCard>
        <Outcomes outcomes={stats.exerciseOutcomes} />
        <Verdicts feedback={stats.feedback} />
      </div>
    </>
  );
}

function Tile({ label, value, unit }: { label: string; value: number; unit?: string }) {
  return (
    <div className={styles.tile}>
      <dt>{label}</dt>
      <dd>
        <span className={styles.tileValue}>{value.toLocaleString('en-US')}</span>
        {unit && <span className={styles.tileUnit}> {value === 1 ? unit : `${unit}s`}</span>}
      </dd>
    </div>
  );
}
