import { type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router';
import type { Section } from '#common/constants.js';
import { AppletHeader } from '../ui/AppletHeader';
import type { AppletTab } from '../ui/AppletTabs';
import { LoadingState } from '../ui/Spinner';
import { sectionInfo } from './sections';

export interface AppletLayoutProps {
  section: Section;
  /** Route tabs; omit for an applet without tabs. */
  tabs?: AppletTab[];
  /** Buttons at the right of the title. */
  actions?: ReactNode;
  /** The page; defaults to the nested route's <Outlet />. */
  children?: ReactNode;
}

/** A section page: its header (title from the section, tabs) above the content. */
export function AppletLayout({ section, tabs, actions, children }: AppletLayoutProps) {
  return (
    <>
      <AppletHeader appletId={section} title={sectionInfo(section).label} tabs={tabs} actions={actions} />
      {/* Pages loaded on first use (lazyPage) show this while their chunk arrives. */}
      <Suspense fallback={<LoadingState message="Loading…" />}>{children ?? <Outlet />}</Suspense>
    </>
  );
}
