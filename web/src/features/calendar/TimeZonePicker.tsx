import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { FieldShell, useFieldIds } from '../../ui';
import styles from './TimeZonePicker.module.css';
import { filterZones, type ZoneChoice, zoneChoices } from './zoneChoices';

const label = (c: ZoneChoice) => `${c.city}${c.region ? ` (${c.region})` : ''} · ${c.offset}`;

/**
 * The time-zone field: a searchable list (ARIA 1.2 combobox with a listbox popup). Typing
 * filters by city, region, offset ("+5:30") or an older name ("Calcutta"); ArrowDown/ArrowUp
 * move through the matches, Enter picks one, Escape closes the list (a second Escape restores
 * the chosen zone's text). The browser's zone comes first. `value` and `onChange` are canonical
 * IANA names.
 */
/** The room (px) a list of a few zones needs below the field before it opens above instead. */
const LIST_ROOM = 240;

export function TimeZonePicker({
  value,
  onChange,
  browserZone,
  hint,
  error,
}: {
  value: string;
  onChange: (zone: string) => void;
  browserZone: string;
  hint?: string;
  error?: string;
}) {
  const choices = useMemo(() => zoneChoices(value, browserZone), [value, browserZone]);
  const chosen = choices.find((c) => c.name === value);
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [above, setAbove] = useState(false);
  const f = useFieldIds(undefined, hint, error);
  const listId = `${useId()}-zones`;
  const matches = useMemo(() => filterZones(choices, query ?? ''), [choices, query]);
  const optionId = (i: number) => `${listId}-${i}`;
  const activeOption = open && matches[active] ? optionId(active) : undefined;

  // The list opens above the field when the room below it (above the phone's tab bar, which the
  // field's scroll margin measures) is too short for it and there is more room above.
  useEffect(() => {
    const input = inputRef.current;
    if (!open || !input) return;
    const r = input.getBoundingClientRect();
    const below = window.innerHeight - r.bottom - Number.parseFloat(getComputedStyle(input).scrollMarginBottom || '0');
    setAbove(below < LIST_ROOM && r.top > below);
  }, [open]);

  useEffect(() => {
    if (!open || !activeOption) return;
    document.getElementById(activeOption)?.scrollIntoView({ block: 'nearest' });
  }, [open, activeOption]);

  const show = (index: number) => {
    setOpen(true);
    setActive(Math.max(0, Math.min(index, matches.length - 1)));
  };
  const pick = (c: ZoneChoice | undefined) => {
    if (c) onChange(c.name);
    setQuery(null);
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open)
          show(
            Math.max(
              0,
              matches.findIndex((c) => c.name === value),
            ),
          );
        else if (!e.altKey) show(active + 1);
        return;
      case 'ArrowUp':
        e.preventDefault();
        if (!open)
          show(
            Math.max(
              0,
              matches.findIndex((c) => c.name === value),
            ),
          );
        else show(active - 1);
        return;
      case 'Home':
      case 'End':
        if (!open) return;
        e.preventDefault();
        show(e.key === 'Home' ? 0 : matches.length - 1);
        return;
      case 'PageDown':
      case 'PageUp':
        if (!open) return;
        e.preventDefault();
        show(active + (e.key === 'PageDown' ? 10 : -10));
        return;
      case 'Enter':
        // Enter picks; it never submits the form with a half-typed query.
        if (open || query !== null) {
          e.preventDefault();
          pick(open ? matches[active] : undefined);
        }
        return;
      case 'Escape':
        if (open) {
          e.preventDefault();
          setOpen(false);
        } else if (query !== null) {
          e.preventDefault();
          setQuery(null);
        }
        return;
      case 'Tab':
        setOpen(false);
        setQuery(null);
        return;
    }
  };

  return (
    <FieldShell
      label="Time zone"
      hint={hint}
      error={error}
      controlId={f.controlId}
      hintId={f.hintId}
      errorId={f.errorId}
    >
      <div className={styles.combo}>
        <input
          ref={inputRef}
          id={f.controlId}
          className={styles.input}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeOption}
          autoComplete="off"
          spellCheck={false}
          placeholder="Search by city, region or offset"
          value={query ?? (chosen ? label(chosen) : value)}
          {...f.aria}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={(e) => e.currentTarget.select()}
          onClick={() =>
            open
              ? setOpen(false)
              : show(
                  Math.max(
                    0,
                    matches.findIndex((c) => c.name === value),
                  ),
                )
          }
          onBlur={() => {
            setOpen(false);
            setQuery(null);
          }}
          onKeyDown={onKeyDown}
        />
        <div
          id={listId}
          ref={listRef}
          role="listbox"
          aria-label="Time zones"
          className={above ? `${styles.list} ${styles.above}` : styles.list}
          hidden={!open}
        >
          {open && matches.length === 0 && <div className={styles.empty}>No time zone matches “{query}”.</div>}
          {open &&
            matches.map((c, i) => (
              // The keys are read by the field (aria-activedescendant): an option never takes the focus.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keyboard
              <div
                key={c.name}
                tabIndex={-1}
                id={optionId(i)}
                role="option"
                aria-selected={c.name === value}
                aria-label={`${label(c)}${c.browser ? ', this browser' : ''}`}
                data-active={i === active || undefined}
                className={styles.option}
                // Keeps the focus in the field, so the list does not close before the click.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(c)}
                onMouseMove={() => i !== active && setActive(i)}
              >
                <span className={styles.city}>
                  {c.city}
                  {c.browser && <span className={styles.badge}> · this browser</span>}
                </span>
                <span className={styles.meta}>
                  {c.region && <span>{c.region}</span>}
                  <span className={styles.offset}>{c.offset}</span>
                </span>
              </div>
            ))}
        </div>
      </div>
    </FieldShell>
  );
}
