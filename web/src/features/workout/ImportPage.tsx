import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ACTIVITY_TEXTS, type ImportDone } from '#common/api/activities.js';
import { messageOf } from '../../api/client';
import { useAppletState } from '../../app/appletState';
import { useLeaveGuard } from '../../app/unsavedChanges';
import { Button, Card } from '../../ui';
import styles from './activities.module.css';
import { type ImportProgress, importActivities } from './activityApi';

/** The file endings the import reads (a gzipped file ends in .gz: .fit.gz, .gpx.gz, .tcx.gz). */
const ACCEPT = '.fit,.gpx,.tcx,.gz,.zip';

type State =
  | { step: 'idle' }
  | { step: 'running'; file: string; progress: ImportProgress }
  | { step: 'done'; file: string; result: ImportDone }
  | { step: 'failed'; file: string; message: string };

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The result in plain words: "Imported 12 activities, 3 were already here, 2 attached to logs you wrote." */
export function resultSentence(r: ImportDone): string {
  if (r.imported === 0) {
    const here = r.duplicates
      ? `: ${r.duplicates === 1 ? 'the activity was' : `all ${plural(r.duplicates, 'activity', 'activities')} were`} already here`
      : '';
    return `Nothing new was added${here}.`;
  }
  const parts = [`Imported ${plural(r.imported, 'activity', 'activities')}`];
  if (r.duplicates)
    parts.push(`${r.duplicates.toLocaleString('en-US')} ${r.duplicates === 1 ? 'was' : 'were'} already here`);
  if (r.attached)
    parts.push(`${r.attached.toLocaleString('en-US')} attached to ${r.attached === 1 ? 'a log' : 'logs'} you wrote`);
  return `${parts.join(', ')}.`;
}

/** The progress bar's value and words for where the import is. */
function progressView(p: ImportProgress): { value: number | undefined; max: number; text: string } {
  if (p.phase === 'uploading') {
    const pct = p.total > 0 ? Math.min(100, Math.round((p.loaded / p.total) * 100)) : 0;
    return { value: pct, max: 100, text: `${ACTIVITY_TEXTS.uploading} ${pct}%` };
  }
  // Before the first progress line the count is not known: the bar moves without a value.
  if (p.total === 0) return { value: undefined, max: 1, text: ACTIVITY_TEXTS.reading };
  return {
    value: p.done,
    max: p.total,
    text: `${ACTIVITY_TEXTS.reading} ${p.done.toLocaleString('en-US')} of ${p.total.toLocaleString('en-US')}`,
  };
}

/** /workout/import: one activity file or a whole Strava export, with its progress and what it added. */
export function ImportPage() {
  const qc = useQueryClient();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ step: 'idle' });
  const [, setHistoryTab] = useAppletState('workout', 'historyTab', 'plans');
  const running = state.step === 'running';
  const guard = useLeaveGuard(running, 'the import', {
    title: 'Leave while importing?',
    message: 'Your activities are still being imported. Leaving now stops the import before it is finished.',
    confirmLabel: 'Leave and stop',
  });
  // Leaving the page (after saying so) stops the upload.
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!file || running) return;
    const controller = new AbortController();
    abort.current = controller;
    const name = file.name;
    setState({ step: 'running', file: name, progress: { phase: 'uploading', loaded: 0, total: file.size } });
    try {
      const result = await importActivities(
        file,
        (progress) => setState({ step: 'running', file: name, progress }),
        controller.signal,
      );
      setState({ step: 'done', file: name, result });
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({
        step: 'failed',
        file: name,
        message: error instanceof Error && error.name === 'ImportRefused' ? error.message : messageOf(error),
      });
    } finally {
      abort.current = null;
      // What was read before a failure is kept on the server too: every screen reads afresh.
      void qc.invalidateQueries({ queryKey: ['workout'] });
      void qc.invalidateQueries({ queryKey: ['stats'] });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
    }
  };

  const view = state.step === 'running' ? progressView(state.progress) : null;
  return (
    <div className={styles.page}>
      <Card title={ACTIVITY_TEXTS.importTitle}>
        <form className={styles.importForm} onSubmit={submit}>
          <div className={styles.fileField}>
            <label htmlFor={inputId} className={styles.fileLabel}>
              Activity file or export
            </label>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={ACCEPT}
              aria-describedby={hintId}
              className={styles.fileInput}
              disabled={running}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            <p id={hintId} className={styles.hint}>
              {ACTIVITY_TEXTS.importHelp}
            </p>
          </div>
          <div>
            <Button type="submit" variant="primary" disabled={!file || running} loading={running}>
              {ACTIVITY_TEXTS.importButton}
            </Button>
          </div>
        </form>

        {view && state.step === 'running' && (
          <div className={styles.progress}>
            <progress
              className={styles.progressBar}
              max={view.max}
              {...(view.value === undefined ? {} : { value: view.value })}
              aria-label={`Importing ${state.file}`}
              aria-valuetext={view.text}
            />
            <p className={styles.progressText} role="status">
              {view.text}
            </p>
          </div>
        )}

        {state.step === 'failed' && (
          <p className={styles.error} role="alert">
            {state.file}: {state.message}
          </p>
        )}

        {state.step === 'done' && (
          <div className={styles.result}>
            <p role="status" className={styles.resultText}>
              {resultSentence(state.result)}
            </p>
            {state.result.failed.length > 0 && (
              <>
                <p className={styles.failedTitle}>
                  {plural(state.result.failed.length, 'file', 'files')} could not be imported:
                </p>
                <ul className={styles.failedList}>
                  {state.result.failed.map((f) => (
                    <li key={`${f.file}-${f.reason}`}>
                      <span className={styles.failedFile}>{f.file}</span>: {f.reason}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {state.result.imported > 0 && (
              <p>
                <Link to="/workout/history" onClick={() => setHistoryTab('activities')}>
                  See them in History
                </Link>
              </p>
            )}
          </div>
        )}
      </Card>
      {guard}
    </div>
  );
}
