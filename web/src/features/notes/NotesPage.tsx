import { useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Button } from '../../ui';
import styles from './Notes.module.css';
import { NotesList } from './NotesList';
import { NotesSearch } from './NotesSearch';

/** The notes applet: the entry list on the left, the chosen entry or creation choices on the right. */
export function NotesPage() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const { pathname } = useLocation();
  const atRoot = /^\/notes\/*$/.test(pathname);
  return (
    <div className={styles.layout}>
      {/* Past the entries list, straight to the open entry or editor (the list can be long). */}
      <a href="#notes-entry" className={styles.skipLink}>
        Skip to the entry
      </a>
      <aside className={styles.sidebar} data-open={drawerOpen || undefined} aria-label="Notes list">
        <div className={styles.drawerHeader}>
          <span className={styles.drawerTitle}>Entries</span>
          <Button size="sm" variant="ghost" onClick={() => setDrawerOpen(false)}>
            Close
          </Button>
        </div>
        <NotesSearch onPick={() => setDrawerOpen(false)} inputRef={searchRef}>
          <NotesList onPick={() => setDrawerOpen(false)} />
        </NotesSearch>
      </aside>
      {drawerOpen && (
        <button
          type="button"
          className={styles.scrim}
          aria-label="Close the entries list"
          onClick={() => setDrawerOpen(false)}
        />
      )}
      <div className={styles.pane} id="notes-entry" tabIndex={-1}>
        <div className={styles.mobileBar}>
          <span className={styles.mobileButtons}>
            <Button size="sm" onClick={() => setDrawerOpen(true)}>
              Entries
            </Button>
            <Button
              size="sm"
              onClick={() => {
                setDrawerOpen(true);
                // After the drawer becomes visible; a hidden input cannot take focus.
                window.setTimeout(() => searchRef.current?.focus(), 0);
              }}
            >
              Search
            </Button>
          </span>
          {!atRoot && (
            <Link to="/notes" className={styles.newLink}>
              + New
            </Link>
          )}
        </div>
        <Outlet />
      </div>
    </div>
  );
}
