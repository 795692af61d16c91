import { useEffect, useRef, useState } from 'react';
import { prefillFromEvent } from '#common/transcriptRules.js';
import { useToast } from '../../ui';
import { PlusIcon } from '../../ui/icons';
import { CalendarEventModal } from './CalendarEventModal';
import styles from './FloatingTranscriptButton.module.css';
import type { TranscriptDraft } from './TranscriptForm';
import { TranscriptModal } from './TranscriptModal';

/**
 * The floating add-transcript button of every section (desktop only; hidden at 768 px and
 * narrower): Impromptu Transcript opens the quick form, Calendar Event the event picker, whose
 * choice opens the full form prefilled from the event.
 */
export function FloatingTranscriptButton() {
  const toast = useToast();
  const [menu, setMenu] = useState(false);
  const [quick, setQuick] = useState(false);
  const [picking, setPicking] = useState(false);
  const [fromEvent, setFromEvent] = useState<Partial<TranscriptDraft> | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const firstItem = useRef<HTMLButtonElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menu) return;
    firstItem.current?.focus();
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setMenu(false);
    };
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenu(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [menu]);

  const choose = (what: 'quick' | 'event') => {
    setMenu(false);
    if (what === 'quick') setQuick(true);
    else setPicking(true);
  };

  const saved = () => toast.success('Transcript saved.');

  return (
    <>
      <div ref={rootRef} className={styles.root}>
        {menu && (
          <div
            className={styles.menu}
            role="menu"
            aria-label="Add transcript"
            onKeyDown={(e) => {
              // Arrow keys move between the two choices, as in any menu.
              if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
              e.preventDefault();
              const items = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')];
              const at = items.indexOf(document.activeElement as HTMLButtonElement);
              const next = (at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
              items[next]?.focus();
            }}
          >
            <button
              ref={firstItem}
              type="button"
              role="menuitem"
              className={styles.item}
              onClick={() => choose('quick')}
            >
              Impromptu Transcript
            </button>
            <button type="button" role="menuitem" className={styles.item} onClick={() => choose('event')}>
              Calendar Event
            </button>
          </div>
        )}
        <button
          ref={toggleRef}
          type="button"
          className={styles.fab}
          aria-label="Add transcript"
          title="Add transcript"
          aria-haspopup="menu"
          aria-expanded={menu}
          onClick={() => setMenu((m) => !m)}
        >
          <PlusIcon />
        </button>
      </div>
      <TranscriptModal open={quick} onOpenChange={setQuick} mode="quick" onSaved={saved} returnFocus={toggleRef} />
      <CalendarEventModal
        open={picking}
        onOpenChange={setPicking}
        returnFocus={toggleRef}
        onPick={(event) => {
          setPicking(false);
          setFromEvent(prefillFromEvent(event));
        }}
      />
      <TranscriptModal
        open={fromEvent !== null}
        onOpenChange={(open) => !open && setFromEvent(null)}
        mode="full"
        initial={fromEvent ?? undefined}
        onSaved={saved}
        returnFocus={toggleRef}
      />
    </>
  );
}
