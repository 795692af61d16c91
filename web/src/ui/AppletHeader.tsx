import type { ReactNode } from 'react';
import styles from './AppletHeader.module.css';
import { type AppletTab, AppletTabs } from './AppletTabs';

export interface AppletHeaderProps {
  appletId: string;
  /** The page heading (h1). */
  title: ReactNode;
  /** A muted line under the title. */
  subtitle?: ReactNode;
  /** Route tabs under the title; see AppletTabs. */
  tabs?: AppletTab[];
  /** Buttons at the right of the title. */
  actions?: ReactNode;
  /** Names the tabs' navigation landmark (default '{title} sections' for a string title). */
  tabsLabel?: string;
}

/** The heading block of an applet: title, optional actions and its route tabs. */
export function AppletHeader({ appletId, title, subtitle, tabs, actions, tabsLabel }: AppletHeaderProps) {
  const navLabel = tabsLabel ?? (typeof title === 'string' ? `${title} sections` : undefined);
  return (
    <header className={`${styles.header} ${tabs?.length ? styles.withTabs : ''}`}>
      <div className={styles.titleRow}>
        <div className={styles.titles}>
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {tabs && tabs.length > 0 && <AppletTabs appletId={appletId} tabs={tabs} label={navLabel} />}
    </header>
  );
}
