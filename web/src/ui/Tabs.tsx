import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import styles from './Tabs.module.css';

export interface TabItem {
  id: string;
  label: ReactNode;
  /** The panel shown while this tab is selected. */
  panel: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: TabItem[];
  /** Names the tab list for screen readers, e.g. 'History'. */
  label: string;
  /** Controlled selection; pair with onValueChange. */
  value?: string;
  /** Initial selection when uncontrolled (default: the first tab). */
  defaultValue?: string;
  onValueChange?: (id: string) => void;
  className?: string;
}

/**
 * In-page tabs following the ARIA tabs pattern: one tab stop, Left/Right arrows move and
 * select, Home/End jump to the ends. For navigation between routes use AppletTabs instead.
 */
export function Tabs({ items, label, value, defaultValue, onValueChange, className }: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState(defaultValue ?? items[0]?.id);
  const selected = value ?? own;
  const refs = useRef(new Map<string, HTMLButtonElement>());

  const select = (id: string) => {
    if (value === undefined) setOwn(id);
    onValueChange?.(id);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const enabled = items.filter((t) => !t.disabled);
    const at = enabled.findIndex((t) => t.id === selected);
    const moves: Record<string, number> = {
      ArrowRight: at + 1,
      ArrowLeft: at - 1,
      Home: 0,
      End: enabled.length - 1,
    };
    const to = moves[e.key];
    if (to === undefined || enabled.length === 0) return;
    e.preventDefault();
    const next = enabled[(to + enabled.length) % enabled.length];
    if (!next) return;
    select(next.id);
    refs.current.get(next.id)?.focus();
  };

  const current = items.find((t) => t.id === selected);
  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className={styles.list} onKeyDown={onKeyDown}>
        {items.map((t) => {
          const isSelected = t.id === selected;
          return (
            <button
              key={t.id}
              ref={(el) => {
                if (el) refs.current.set(t.id, el);
                else refs.current.delete(t.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${t.id}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${t.id}`}
              tabIndex={isSelected ? 0 : -1}
              disabled={t.disabled}
              className={styles.tab}
              onClick={() => select(t.id)}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {current && (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${current.id}`}
          aria-labelledby={`${baseId}-tab-${current.id}`}
          className={styles.panel}
        >
          {current.panel}
        </div>
      )}
    </div>
  );
}
