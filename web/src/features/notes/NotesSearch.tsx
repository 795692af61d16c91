import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, type Ref, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_TYPE_LABELS, type SearchHit, searchResponse } from '#common/api/search.js';
import { get } from '../../api/client';
import { Spinner } from '../../ui';
import styles from './NotesSearch.module.css';

const DEBOUNCE_MS = 250;

/** Where a result opens: the entry viewer, or the todo list for todos. */
export function hitPath(hit: Pick<SearchHit, 'type' | 'id'>): string {
  switch (hit.type) {
    case 'todo':
      return '/todos';
    case 'daily':
      return `/notes/entry/journal/${hit.id}`;
    default:
      return `/notes/entry/${hit.type}/${hit.id}`;
  }
}

function useDebounced(value: string, ms: number) {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * The search box over the notes list: while it holds a query, its results take the list's
 * place. Arrow keys move through the results, Enter opens one, Escape clears the box.
 */
export function NotesSearch({
  children,
  onPick,
  inputRef,
}: {
  children: ReactNode;
  onPick?: () => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [q, setQ] = useState('');
  const navigate = useNavigate();
  const id = useId();
  const term = useDebounced(q.trim(), DEBOUNCE_MS);
  const search = useQuery({
    queryKey: ['search', term],
    queryFn: ({ signal }) => get('/search', { query: { q: term, limit: 30 }, schema: searchResponse, signal }),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
  });
  const results = term ? (search.data?.results ?? []) : [];
  // The highlighted result; a new search starts at the first one again.
  const [sel, setSel] = useState({ term: '', index: 0 });
  const active = sel.term === term ? sel.index : 0;
  const setActive = (f: (i: number) => number) => setSel({ term, index: f(active) });

  const open = (hit: SearchHit) => {
    navigate(hitPath(hit));
    onPick?.();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && results.length) {
      e.preventDefault();
      setActive((a) => (a + 1) % results.length);
    } else if (e.key === 'ArrowUp' && results.length) {
      e.preventDefault();
      setActive((a) => (a - 1 + results.length) % results.length);
    } else if (e.key === 'Enter' && results[active]) {
      e.preventDefault();
      open(results[active]);
    } else if (e.key === 'Escape' && q) {
      e.preventDefault();
      setQ('');
    }
  };

  const showing = q.trim().length > 0;
  return (
    <>
      <div className={styles.box}>
        <input
          ref={inputRef}
          type="search"
          className={styles.input}
          placeholder="Search everything you wrote"
          aria-label="Search notes"
          role="combobox"
          aria-expanded={showing}
          aria-controls={`${id}-results`}
          aria-autocomplete="list"
          aria-activedescendant={showing && results[active] ? `${id}-r${active}` : undefined}
          value={q}
          maxLength={500}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      {showing ? (
        <div className={styles.results}>
          <p className={styles.status} aria-live="polite">
            {search.isError
              ? 'Search failed. Please try again.'
              : search.isFetching || term !== q.trim()
                ? 'Searching...'
                : `${results.length} result${results.length === 1 ? '' : 's'}`}
            {(search.isFetching || term !== q.trim()) && <Spinner size="sm" />}
          </p>
          <div id={`${id}-results`} role="listbox" aria-label="Search results" className={styles.list}>
            {results.map((hit, i) => (
              // Options are chosen with the keyboard from the box (aria-activedescendant) or by click.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys.
              <div
                key={`${hit.type}-${hit.id}`}
                tabIndex={-1}
                id={`${id}-r${i}`}
                role="option"
                aria-selected={i === active}
                className={styles.hit}
                onMouseEnter={() => setActive(() => i)}
                onClick={() => open(hit)}
              >
                <span className={styles.hitHead}>
                  <span className={styles.hitTitle}>{hit.title}</span>
                  <span className={styles.hitMeta}>
                    {SEARCH_TYPE_LABELS[hit.type]} · {hit.date}
                  </span>
                </span>
                <span className={styles.snippet}>
                  {hit.snippet.map((p, j) =>
                    p.match ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed snippet.
                      <mark key={j}>{p.text}</mark>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed snippet.
                      <span key={j}>{p.text}</span>
                    ),
                  )}
                </span>
              </div>
            ))}
          </div>
        </div>
      ) : (
        children
      )}
    </>
  );
}
