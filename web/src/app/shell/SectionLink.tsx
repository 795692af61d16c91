import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Section } from '#common/constants.js';
import { sectionHref } from '../lastRoute';
import { useLatestPathname } from '../pendingNavigation';

/**
 * A section's link in the top bar or the tab bar, leading to the section's last route. Its target
 * is worked out from the address (the router's location), not from the page on screen: while a
 * page just opened is still loading, the address has already changed and the screen has not.
 */
export function SectionLink({
  section,
  current,
  className,
  children,
}: {
  section: Section;
  current: boolean;
  className: string | undefined;
  children: ReactNode;
}) {
  const pathname = useLatestPathname();
  return (
    <Link to={sectionHref(section, pathname)} className={className} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
}
