import { weeklyPlanMarkdown } from '#common/weeklyPlan.js';
import type { Row } from './tables.js';

/**
 * Readable Markdown beside `daymark.json`: one file per daily note, weekly plan, plain note and
 * transcript, `todos.md`, and one file per workout day. Only for reading: imports use the JSON.
 */

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 50) || 'untitled';

export function journalFile(row: Row, id: number): { name: string; text: string } {
  const date = String(row.date);
  const content = String(row.content ?? '');
  if (row.journal_type === 'daily')
    return { name: `journal/daily/${date}.md`, text: `# Daily note, ${date}\n\n${content}\n` };
  if (row.journal_type === 'weekly_planning') {
    // The same writer as the weekly editor's 'Export as Markdown': the whole plan, not its content alone.
    return { name: `journal/weekly/${date}.md`, text: weeklyPlanMarkdown(date, content, row.structured_data) };
  }
  return { name: `notes/${date}-${id}.md`, text: `${content}\n` };
}

export function transcriptFile(row: Row, id: number): { name: string; text: string } {
  const title = String(row.title ?? '');
  const lines = [`# ${title}`, '', `Date: ${row.date}`, `Type: ${row.transcript_type}`];
  if (row.context) lines.push(`Context: ${row.context}`);
  lines.push('', String(row.content ?? ''), '');
  return { name: `transcripts/${row.date}-${slug(title)}-${id}.md`, text: lines.join('\n') };
}

export function todosFile(rows: Row[]): string {
  const open = rows.filter((r) => !r.completed).map((r) => `- [ ] ${r.content}`);
  const done = rows.filter((r) => r.completed).map((r) => `- [x] ${r.content}`);
  return ['# Todos', '', ...open, ...done, ''].join('\n');
}

export function workoutFile(date: string, plan: Row | undefined, log: Row | undefined): string {
  const lines = [`# Workout, ${date}`, ''];
  if (plan) {
    try {
      const p = JSON.parse(String(plan.plan)) as {
        title?: string;
        estimated_duration?: number;
        workout_sections?: Array<{
          section_name?: string;
          exercises?: Array<{ name?: string; duration_or_reps?: string }>;
        }>;
      };
      lines.push(
        `## Plan: ${p.title ?? 'Workout'}${p.estimated_duration ? ` (${p.estimated_duration} minutes)` : ''}`,
        '',
      );
      for (const s of p.workout_sections ?? []) {
        lines.push(`### ${s.section_name ?? ''}`);
        for (const e of s.exercises ?? [])
          lines.push(`- ${e.name ?? ''}${e.duration_or_reps ? `: ${e.duration_or_reps}` : ''}`);
        lines.push('');
      }
    } catch {
      lines.push('## Plan', '', String(plan.plan), '');
    }
  }
  if (log) {
    lines.push(`## Log${log.workout_skipped ? ' (skipped)' : ''}`, '', String(log.entry ?? ''), '');
    try {
      const items = JSON.parse(String(log.workout_completion ?? 'null')) as Array<{
        name: string;
        completed: string;
      }> | null;
      for (const i of items ?? []) lines.push(`- ${i.name}: ${i.completed}`);
      if (items?.length) lines.push('');
    } catch {
      // A log whose completion is not JSON is shown by its text alone.
    }
  }
  return lines.join('\n');
}
