import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SpecificEntries } from '#common/api/coach.js';
import { headlinesResponse, type NoteHeadline } from '#common/api/journal.js';
import { NOTES_PAGE_SIZE } from '#common/journalConstants.js';
import { get } from '../../api/client';
import { Button } from '../../ui';
import styles from './Chat.module.css';

/** An entry the user can attach to a message as context. */
export interface AttachableEntry {
  key: string;
  group: keyof SpecificEntries;
  id: string | number;
  title: string;
  date: string;
  type: string;
}

export const countAttached = (e: SpecificEntries) =>
  (e.journalEntries?.length ?? 0) + (e.transcripts?.length ?? 0) + (e.notes?.length ?? 0);

/** The notes picker: 'Attach Context' opens the user's recent entries to send with the next message. */
export function EntryPicker({
  entries,
  value,
  onChange,
}: {
  entries: AttachableEntry[];
  value: SpecificEntries;
  onChange: (v: SpecificEntries) => void;
}) {
  const [open, setOpen] = useState(false);
  const count = countAttached(value);
  const isOn = (e: AttachableEntry) => (value[e.group] ?? []).some((id) => String(id) === String(e.id));
  const toggle = (e: AttachableEntry) => {
    const list = value[e.group] ?? [];
    const next = isOn(e) ? list.filter((id) => String(id) !== String(e.id)) : [...list, e.id];
    onChange({ ...value, [e.group]: next });
  };
  return (
    <div className={styles.picker}>
      <div className={styles.pickerBar}>
        <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Close Context' : 'Attach Context'}
        </Button>
        {count > 0 && <span className={styles.attached}>{count} item(s) attached</span>}
      </div>
      {open && (
        <div className={styles.pickerList}>
          {entries.length === 0 ? (
            <p className={styles.muted}>No journal entries or transcripts to attach yet.</p>
          ) : (
            entries.map((e) => (
              <label key={e.key} className={styles.pickerItem}>
                <input type="checkbox" checked={isOn(e)} onChange={() => toggle(e)} />
                <span className={styles.pickerTitle}>{e.title}</span>
                <span className={styles.muted}>
                  {e.type} · {e.date}
                </span>
              </label>
            ))
          )}
        </div>
      )}
    </div>
  );
}

const GROUP: Record<NoteHeadline['type'], keyof SpecificEntries> = {
  journal: 'journalEntries',
  morning: 'journalEntries',
  evening: 'journalEntries',
  weekly: 'journalEntries',
  note: 'notes',
  transcript: 'transcripts',
};

/** The entries offered in the picker: the notes list's first page (50 entries, part 2 §9). */
export function useAttachableEntries(): AttachableEntry[] {
  const q = useQuery({
    queryKey: ['notes', 'headlines', 'picker'],
    queryFn: () => get('/notes/headlines', { query: { limit: NOTES_PAGE_SIZE, offset: 0 }, schema: headlinesResponse }),
  });
  return (q.data ?? []).flatMap((day) =>
    day.entries.map((e) => ({
      key: `${e.type}-${e.id}`,
      group: GROUP[e.type],
      id: e.id,
      title: e.title,
      date: day.date,
      type: e.type,
    })),
  );
}
