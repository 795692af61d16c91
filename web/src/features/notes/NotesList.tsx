import { Link, useParams } from 'react-router';
import type { NoteHeadline } from '#common/api/journal.js';
import { MOBILE_BREAKPOINT_PX } from '#common/constants.js';
import { NOTES_TEXT, type NoteEntryType } from '#common/journalConstants.js';
import { useAppletState } from '../../app/appletState';
import { Button, EmptyState, ErrorState, Spinner } from '../../ui';
import { longDate, shortTime, useHeadlines } from './api';
import styles from './Notes.module.css';
import { NoteTypeIcon } from './NoteTypeIcon';

type NotesFilter = 'all' | 'note' | 'evening' | 'morning';

const FILTERS: Array<{ id: NotesFilter; label: string }> = [
  { id: 'all', label: 'All' },
  { id: 'note', label: 'Notes' },
  { id: 'evening', label: 'Evening' },
  { id: 'morning', label: 'Morning' },
];

export const TYPE_LABELS: Record<NoteEntryType, string> = {
  note: 'Note',
  morning: 'Morning',
  evening: 'Evening',
  weekly: 'Weekly plan',
  transcript: 'Transcript',
  journal: 'Journal',
};

function entryPath(e: Pick<NoteHeadline, 'type' | 'id'>) {
  return `/notes/entry/${e.type}/${e.id}`;
}

/** The entries grouped by date, newest first, with collapsible days and a type filter. */
export function NotesList({ onPick }: { onPick?: () => void }) {
  const [filter, setFilter] = useAppletState<NotesFilter>('notes', 'filter', 'all');
  const [collapsed, setCollapsed] = useAppletState<string[]>('notes', 'collapsedDays', []);
  const headlines = useHeadlines(filter === 'all' ? undefined : filter);
  const params = useParams();
  const selected = params.type && params.id ? `${params.type}/${params.id}` : null;

  const groups = headlines.data?.pages.flat() ?? [];
  // Pages may split one date; show it as one group.
  const merged: typeof groups = [];
  for (const g of groups) {
    const last = merged[merged.length - 1];
    if (last?.date === g.date) last.entries = [...last.entries, ...g.entries];
    else merged.push({ date: g.date, entries: [...g.entries] });
  }

  const toggleDay = (date: string) =>
    setCollapsed((c) => (c.includes(date) ? c.filter((d) => d !== date) : [...c, date]));

  return (
    <div className={styles.listPane}>
      <fieldset className={styles.filters}>
        <legend className="visually-hidden">Show</legend>
        {FILTERS.map((f) => (
          <button
            key={f.id}
            type="button"
            className={styles.filter}
            aria-pressed={filter === f.id}
            onClick={() => setFilter(f.id)}
          >
            {f.label}
          </button>
        ))}
      </fieldset>
      {headlines.isPending ? (
        <div className={styles.listState}>
          <Spinner label="Loading entries" />
        </div>
      ) : headlines.isError ? (
        <ErrorState
          compact
          message={
            window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`).matches
              ? NOTES_TEXT.loadFailedMobile
              : NOTES_TEXT.loadFailed
          }
          onRetry={() => headlines.refetch()}
          retrying={headlines.isFetching}
        />
      ) : merged.length === 0 ? (
        <EmptyState compact title={NOTES_TEXT.empty} />
      ) : (
        <nav aria-label="Entries" className={styles.days}>
          {merged.map((group) => {
            const open = !collapsed.includes(group.date);
            return (
              <section key={group.date} className={styles.day}>
                <button
                  type="button"
                  className={styles.dayHeader}
                  aria-expanded={open}
                  onClick={() => toggleDay(group.date)}
                >
                  <span className={styles.chevron} aria-hidden="true">
                    {open ? '▾' : '▸'}
                  </span>
                  <span className={styles.dayTitle}>{longDate(group.date)}</span>
                  <span className={styles.dayCount}>{group.entries.length}</span>
                </button>
                {open && (
                  <ul className={styles.entries}>
                    {group.entries.map((e) => (
                      <li key={`${e.type}/${e.id}`}>
                        <Link
                          to={entryPath(e)}
                          className={styles.entry}
                          aria-current={selected === `${e.type}/${e.id}` ? 'page' : undefined}
                          onClick={onPick}
                        >
                          <span className={styles.entryIcon} data-type={e.type}>
                            <NoteTypeIcon type={e.type} />
                          </span>
                          <span className={styles.entryMain}>
                            <span className={styles.entryTitle}>{e.title}</span>
                            <span className={styles.entryMeta}>
                              {TYPE_LABELS[e.type]} · {shortTime(e.time)}
                            </span>
                          </span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
          {headlines.hasNextPage && (
            <div className={styles.more}>
              <Button size="sm" onClick={() => headlines.fetchNextPage()} loading={headlines.isFetchingNextPage}>
                Load more
              </Button>
            </div>
          )}
        </nav>
      )}
    </div>
  );
}
