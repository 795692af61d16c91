import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Section } from '../../../../common/src/constants';
import { sectionHref } from '../lastRoute';

/**
 * A section's link in the top bar or the tab bar, leading to the section's last route.
 *
 * Its href is worked out when the bar renders, but a plain click works it out again from the
 * address bar: while a page just opened is still loading, the address has already changed but
 * the screen (and these links) have not, so the rendered href would still be the previous page's.
 * Clicks with a modifier key (new tab, new window) keep the browser's own handling.
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
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void navigate(sectionHref(section, window.location.pathname));
  };
  return (
    <Link
      to={sectionHref(section, pathname)}
      onClick={onClick}
      className={className}
      aria-current={current ? 'page' : undefined}
    >
      {children}
    </Link>
  );
}
