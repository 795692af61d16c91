import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { DATA_TEXT, type ImportReport } from '#common/api/dataTransfer.js';
import { messageOf } from '../../api/client';
import { Button, Card } from '../../ui';
import styles from './ExportImportPanel.module.css';
import { downloadExport, importFile, megabytes } from './transfer';

const TABLE_LABELS: Record<string, string> = {
  todos: 'Todos',
  journal_entries: 'Journal entries and notes',
  transcripts: 'Meeting transcripts',
  coach_conversations: 'Coach conversations',
  coach_messages: 'Coach messages',
  coach_meta: 'Coach settings',
  workout_plans: 'Workout plans',
  workout_logs: 'Workout logs',
  exercise_progress: 'Exercise progress',
  exercise_feedback: 'Exercise likes and dislikes',
  workout_settings: 'Workout settings',
  calendar_sync_settings: 'Calendar choices and sync settings',
  cron_jobs: 'Scheduled jobs',
  account: 'Time zone',
};

type ImportState =
  | { step: 'idle' }
  | { step: 'checking'; file: File }
  | { step: 'review'; file: File; report: ImportReport }
  | { step: 'importing'; file: File; report: ImportReport }
  | { step: 'done'; report: ImportReport }
  | { step: 'failed'; message: string };

const sum = (r: ImportReport, k: 'added' | 'skipped' | 'rejected') =>
  Object.values(r.tables).reduce((n, t) => n + t[k], 0);

/**
 * Export everything as one zip, and bring an export back (a dry run first). Shown on Data
 * Management (/dashboard/data-settings), with the other things done to the user's data as a whole.
 */
export function ExportImportPanel() {
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState<number | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [state, setState] = useState<ImportState>({ step: 'idle' });
  const input = useRef<HTMLInputElement>(null);

  const runExport = async () => {
    setExportError(null);
    setExporting(0);
    try {
      await downloadExport((bytes) => setExporting(bytes));
    } catch (err) {
      setExportError(messageOf(err, DATA_TEXT.exportFailed));
    } finally {
      setExporting(null);
    }
  };

  const check = async (file: File) => {
    setState({ step: 'checking', file });
    try {
      setState({ step: 'review', file, report: await importFile(file, true) });
    } catch (err) {
      setState({ step: 'failed', message: messageOf(err, DATA_TEXT.importFailed) });
    }
  };

  const confirm = async (file: File, report: ImportReport) => {
    setState({ step: 'importing', file, report });
    try {
      const done = await importFile(file, false);
      setState({ step: 'done', report: done });
      await queryClient.invalidateQueries();
    } catch (err) {
      setState({ step: 'failed', message: messageOf(err, DATA_TEXT.importFailed) });
    }
  };

  return (
    <Card
      title={DATA_TEXT.title}
      description="Take everything with you in one file, or bring it back. Calendar accounts are not in the file: connect them again after an import."
    >
      <div className={styles.actions}>
        <Button variant="primary" onClick={runExport} loading={exporting !== null} loadingText={DATA_TEXT.exporting}>
          {DATA_TEXT.exportButton}
        </Button>
        <Button
          onClick={() => input.current?.click()}
          disabled={state.step === 'checking' || state.step === 'importing'}
        >
          {DATA_TEXT.importButton}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".zip,application/zip"
          className="visually-hidden"
          aria-label="Export file to import"
          tabIndex={-1}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void check(file);
          }}
        />
      </div>
      <p className={styles.status} role="status" aria-live="polite">
        {exporting !== null
          ? `${DATA_TEXT.exporting} ${megabytes(exporting)} received`
          : state.step === 'checking'
            ? `Checking ${state.file.name}…`
            : state.step === 'importing'
              ? `Importing ${state.file.name}…`
              : ''}
      </p>
      {exportError && (
        <p className={styles.error} role="alert">
          {exportError}
        </p>
      )}
      {state.step === 'failed' && (
        <p className={styles.error} role="alert">
          {state.message}
        </p>
      )}
      {(state.step === 'review' || state.step === 'importing') && (
        <div className={styles.review}>
          <p className={styles.summary}>
            {state.file.name} would add <strong>{sum(state.report, 'added')}</strong> items, skip{' '}
            {sum(state.report, 'skipped')} already here and reject {sum(state.report, 'rejected')}.
          </p>
          {state.report.timezone && (
            <p className={styles.summary}>
              Your time zone would change from {state.report.timezone.from ?? 'none set'} to{' '}
              <strong>{state.report.timezone.to}</strong>.
            </p>
          )}
          <ReportTable report={state.report} />
          <div className={styles.actions}>
            <Button
              variant="primary"
              onClick={() => confirm(state.file, state.report)}
              loading={state.step === 'importing'}
              disabled={sum(state.report, 'added') === 0}
            >
              Import
            </Button>
            <Button variant="ghost" onClick={() => setState({ step: 'idle' })} disabled={state.step === 'importing'}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      {state.step === 'done' && (
        <p className={styles.summary} role="status">
          Imported: {sum(state.report, 'added')} items added, {sum(state.report, 'skipped')} already here,{' '}
          {sum(state.report, 'rejected')} rejected.
          {state.report.timezone && ` Your time zone is now ${state.report.timezone.to}.`}
        </p>
      )}
    </Card>
  );
}

function ReportTable({ report }: { report: ImportReport }) {
  const rows = Object.entries(report.tables).filter(([, c]) => c.added + c.skipped + c.rejected > 0);
  return (
    <>
      <table className={styles.table}>
        <caption className="visually-hidden">What the import would do</caption>
        <thead>
          <tr>
            <th scope="col">Data</th>
            <th scope="col">Added</th>
            <th scope="col">Already here</th>
            <th scope="col">Rejected</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([table, c]) => (
            <tr key={table}>
              <th scope="row">{TABLE_LABELS[table] ?? table}</th>
              <td>{c.added}</td>
              <td>{c.skipped}</td>
              <td>{c.rejected}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.rejected.length > 0 && (
        <ul className={styles.reasons}>
          {report.rejected.map((r) => (
            <li key={`${r.table}-${r.row}`}>
              {TABLE_LABELS[r.table] ?? r.table}, item {r.row + 1}: {r.reason}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
