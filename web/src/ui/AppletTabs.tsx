import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import styles from './AppletTabs.module.css';

export interface AppletTab {
  /** The second path segment; '' is the applet root. */
  id: string;
  label: ReactNode;
}

/** `/{appletId}` for the root tab (empty id), else `/{appletId}/{tabId}`. */
export function appletTabPath(appletId: string, tabId: string): string {
  return tabId ? `/${appletId}/${tabId}` : `/${appletId}`;
}

/** The active tab id: the second path segment ('' at the applet root). */
export function activeTabId(pathname: string): string {
  return pathname.split('/').filter(Boolean)[1] ?? '';
}

export interface AppletTabsProps {
  /** The section, e.g. 'dashboard'. */
  appletId: string;
  tabs: AppletTab[];
  /** Names the navigation landmark (default '{appletId} tabs'). */
  label?: string;
}

/**
 * Route tabs in an applet header. Each tab is a link; the one matching the second path
 * segment is marked with aria-current="page". Scrolls sideways when it does not fit.
 */
export function AppletTabs({ appletId, tabs, label }: AppletTabsProps) {
  const { pathname } = useLocation();
  const active = activeTabId(pathname);
  return (
    <nav aria-label={label ?? `${appletId} tabs`} className={styles.nav}>
      <ul className={styles.list}>
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              to={appletTabPath(appletId, tab.id)}
              className={styles.tab}
              aria-current={tab.id === active ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
