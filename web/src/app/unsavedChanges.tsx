import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { ConfirmDialog } from '../ui';

export interface LeaveGuardTexts {
  title: string;
  message: string;
  confirmLabel: string;
}

/**
 * Guards a form with a manual Save: while `dirty`, a navigation inside the app (a link, the tab
 * bar, Back) stops and asks "Leave without saving?" with the router's own blocker, and closing or
 * reloading the tab gets the browser's own prompt. Returns the dialog to render beside the form.
 *
 * `what` names what would be lost, in the user's words: "this week's plan", "the job's settings".
 * A change of the query string alone (a tab inside the same screen that keeps the form mounted)
 * is not blocked.
 *
 * `texts` replaces the question for work that is under way rather than unsaved (an upload).
 */
export function useLeaveGuard(dirty: boolean, what: string, texts?: LeaveGuardTexts): ReactNode {
  // Read when a navigation starts, not from the render that registered the blocker: a form that
  // saves and then navigates away (in an effect after the saved render) is no longer dirty.
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => dirtyNow.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);
  // The dialog's callbacks run after a re-render may have replaced the blocker object.
  const latest = useRef(blocker);
  latest.current = blocker;
  // Set on "Leave": the dialog's close that follows must not call reset() on the same blocker.
  const leaving = useRef(false);
  if (blocker.state !== 'blocked') leaving.current = false;

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  // Saved (or emptied) while the question is open: let the navigation go on.
  useEffect(() => {
    if (!dirty && blocker.state === 'blocked') blocker.proceed();
  }, [dirty, blocker]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && !leaving.current && latest.current.state === 'blocked') latest.current.reset();
      }}
      title={texts?.title ?? 'Leave without saving?'}
      message={texts?.message ?? `Your unsaved changes to ${what} will be lost.`}
      confirmLabel={texts?.confirmLabel ?? 'Leave without saving'}
      cancelLabel="Stay"
      onConfirm={() => {
        if (latest.current.state !== 'blocked') return;
        leaving.current = true;
        latest.current.proceed();
      }}
    />
  );
}
