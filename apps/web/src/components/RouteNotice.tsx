import { type HistoryState, redirect, useRouterState } from '@tanstack/react-router';

declare module '@tanstack/history' {
  interface HistoryState {
    /** Why the console brought the user to this page (a page their role may not open). */
    notice?: string;
  }
}

/**
 * `sendAway('The audit log', 'admins', role)`: sends a user away from a page their role may not open, to the projects, saying why there (the
 * reason rides in the history entry's state, so it goes with the next navigation).
 */
export function sendAway(page: string, allowed: string, role: string) {
  const state: HistoryState = {
    notice: `${page} is open to ${allowed} only: you are signed in as ${role}, so the console opened the projects instead.`,
  };
  return redirect({ to: '/projects', replace: true, state });
}

/** The reason the user was sent to this page, if they were. */
export function RouteNotice() {
  const notice = useRouterState({ select: (s) => s.location.state.notice });
  if (!notice) return null;
  return (
    <div className="banner warn" role="status">
      {notice}
    </div>
  );
}
