import type { ReactNode } from 'react';
import uPlot from 'uplot';
import type { StatsWeek } from '#common/api/stats.js';
import { addDays, daysBetween } from '#common/time.js';
import { Card, EmptyState } from '../../ui';
import { shortDate } from './api';
import { Chart, type Palette } from './Chart';
import styles from './Stats.module.css';

export interface Column {
  label: string;
  values: Array<number | null>;
}

/** A chart's card: title, the picture, and the same numbers as a table for screen readers. */
export function ChartCard({
  title,
  description,
  empty,
  emptyText,
  table,
  children,
}: {
  title: string;
  description?: string;
  empty: boolean;
  emptyText: string;
  table: { caption: string; head: string; rows: string[]; columns: Column[] };
  children: ReactNode;
}) {
  return (
    <Card title={title} titleAs="h3" description={description} className={styles.chartCard} aria-label={title}>
      {empty ? (
        <EmptyState compact title="Nothing yet" message={emptyText} />
      ) : (
        <figure className={styles.figure}>
          {children}
          {/* A table ignores the hiding box, so a wrapper hides it. */}
          <div className="visually-hidden">
            <table>
              <caption>{table.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{table.head}</th>
                  {table.columns.map((c) => (
                    <th scope="col" key={c.label}>
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, i) => (
                  <tr key={row}>
                    <th scope="row">{row}</th>
                    {table.columns.map((c) => (
                      <td key={c.label}>{c.values[i] ?? '–'}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </figure>
      )}
    </Card>
  );
}

/** Tick labels for an index axis: the week's Sunday ('Mar 1'). */
const weekAxis = (weeks: StatsWeek[], p: Palette): uPlot.Axis => ({
  stroke: p.text,
  grid: { show: false },
  ticks: { stroke: p.grid },
  incrs: [1, 2, 4, 8, 13, 26],
  space: 48,
  values: (_u, splits) => splits.map((i) => (weeks[i] ? shortDate(weeks[i].start) : '')),
});

const countAxis = (p: Palette, label?: string): uPlot.Axis => ({
  stroke: p.text,
  grid: { stroke: p.grid, width: 1 },
  ticks: { show: false },
  incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
  size: 40,
  ...(label ? { label, labelSize: 18 } : {}),
});

const bars = (align: -1 | 0 | 1, size: number) => uPlot.paths.bars?.({ size: [size, 48], align, gap: 1 });

/** Bars per week for one or two series (grouped). */
export function WeeklyBars({ weeks, series }: { weeks: StatsWeek[]; series: Column[] }) {
  const x = weeks.map((_, i) => i);
  const grouped = series.length > 1;
  return (
    <Chart
      data={[x, ...series.map((s) => s.values)] as uPlot.AlignedData}
      options={(_w, p) => ({
        height: 220,
        padding: [8, 8, 0, 0],
        legend: { show: grouped, live: false },
        cursor: { drag: { x: false, y: false }, points: { show: false } },
        scales: {
          x: { time: false, range: [-0.6, weeks.length - 0.4] },
          y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [weekAxis(weeks, p), countAxis(p)],
        series: [
          { label: 'Week of', value: (_u, i) => (i === null || !weeks[i] ? '' : shortDate(weeks[i].start)) },
          ...series.map((s, i) => ({
            label: s.label,
            fill: p.series[i],
            stroke: p.series[i],
            width: 0,
            paths: bars(grouped ? (i === 0 ? -1 : 1) : 0, grouped ? 0.4 : 0.7),
            points: { show: false },
          })),
        ],
      })}
    />
  );
}

/** The morning energy levels (0–10) over the days of the range. */
export function EnergyLine({
  from,
  to,
  energy,
}: {
  from: string;
  to: string;
  energy: Array<{ date: string; level: number }>;
}) {
  const days = daysBetween(from, to) + 1;
  const x = Array.from({ length: days }, (_, i) => i);
  const byDay = new Map(energy.map((e) => [daysBetween(from, e.date), e.level]));
  const y = x.map((i) => byDay.get(i) ?? null);
  return (
    <Chart
      data={[x, y]}
      options={(_w, p) => ({
        height: 220,
        padding: [8, 8, 0, 0],
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false, range: [0, days - 1] }, y: { range: [0, 10] } },
        axes: [
          {
            stroke: p.text,
            grid: { show: false },
            ticks: { stroke: p.grid },
            incrs: [7, 14, 28, 56, 91],
            space: 56,
            values: (_u, splits) => splits.map((i) => shortDate(addDays(from, i))),
          },
          { ...countAxis(p), incrs: [2, 5], values: (_u, splits) => splits.map((v) => `${v}`) },
        ],
        series: [
          {},
          {
            label: 'Energy',
            stroke: p.series[0],
            width: 2,
            spanGaps: true,
            points: { show: true, size: 6, fill: p.series[0] },
          },
        ],
      })}
    />
  );
}

/** A stack's layer: its values for each week (not summed) and the palette colour it is drawn in. */
export interface Layer extends Column {
  color: number;
}

/**
 * Bars per week with the layers stacked (the first at the bottom). uPlot draws each bar from
 * zero, so the running sums are drawn top layer first and each lower one over it.
 */
export function StackedWeeklyBars({ weeks, layers, unit }: { weeks: StatsWeek[]; layers: Layer[]; unit: string }) {
  const x = weeks.map((_, i) => i);
  const sums: Array<Array<number | null>> = [];
  layers.forEach((layer, i) => {
    sums.push(layer.values.map((v, w) => (i > 0 ? (sums[i - 1]?.[w] ?? 0) : 0) + (v ?? 0)));
  });
  const order = layers.map((_, i) => i).reverse();
  return (
    <Chart
      data={[x, ...order.map((i) => sums[i] ?? [])] as uPlot.AlignedData}
      options={(_w, p) => ({
        height: 220,
        padding: [8, 8, 0, 0],
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, points: { show: false } },
        scales: {
          x: { time: false, range: [-0.6, weeks.length - 0.4] },
          y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [weekAxis(weeks, p), { ...countAxis(p, unit), size: 48 }],
        series: [
          {},
          ...order.map((i) => {
            const color = p.series[(layers[i]?.color ?? i) % p.series.length];
            return {
              label: layers[i]?.label ?? '',
              fill: color,
              stroke: color,
              width: 0,
              paths: bars(0, 0.7),
              points: { show: false },
            };
          }),
        ],
      })}
    />
  );
}

/** Average heart rate of each activity day over the days of the range. */
export function HeartRateLine({
  from,
  to,
  heartRate,
}: {
  from: string;
  to: string;
  heartRate: Array<{ date: string; avg_hr: number }>;
}) {
  const days = daysBetween(from, to) + 1;
  const x = Array.from({ length: days }, (_, i) => i);
  const byDay = new Map(heartRate.map((h) => [daysBetween(from, h.date), Math.round(h.avg_hr)]));
  const y = x.map((i) => byDay.get(i) ?? null);
  const values = heartRate.map((h) => h.avg_hr);
  const low = Math.floor((Math.min(...values) - 5) / 10) * 10;
  const high = Math.ceil((Math.max(...values) + 5) / 10) * 10;
  return (
    <Chart
      data={[x, y]}
      options={(_w, p) => ({
        height: 220,
        padding: [8, 8, 0, 0],
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false, range: [0, days - 1] }, y: { range: [low, high] } },
        axes: [
          {
            stroke: p.text,
            grid: { show: false },
            ticks: { stroke: p.grid },
            incrs: [7, 14, 28, 56, 91],
            space: 56,
            values: (_u, splits) => splits.map((i) => shortDate(addDays(from, i))),
          },
          { ...countAxis(p, 'bpm'), incrs: [5, 10, 20, 40], size: 48 },
        ],
        series: [
          {},
          {
            label: 'Average heart rate',
            stroke: p.series[1],
            width: 2,
            spanGaps: true,
            points: { show: true, size: 6, fill: p.series[1] },
          },
        ],
      })}
    />
  );
}
