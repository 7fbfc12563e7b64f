import { useEffect, useRef, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { Page } from 'shared-ui';
import { Navigate, useLocation } from 'shared-ui/router';
import { StaffApiError } from '../lib/staff-api';
import { useStaffSession, type StaffRole } from '../lib/staff-session';
import { texts } from '../lib/texts';
import { StaffHeader } from './staff-header';
import { staffPaths } from './staff-paths';

export type StaffFrameProps = {
  /** The roles that may use the page (the API checks it again); everyone signed in when left out. */
  roles?: readonly StaffRole[];
  children: ReactNode;
};

/** What the sign-in page is told: where to go back to, and whether a session just ended. */
export interface SignInState {
  from?: string;
  ended?: boolean;
}

/** A refusal is not retried; an unreachable server or a 5xx is, by SWR's own back-off. */
const retryable = (error: unknown) => !(error instanceof StaffApiError) || error.status === 0 || error.status >= 500;

/**
 * Every staff page but sign-in and enrolment: without a staff session it sends the member to sign in (saying so
 * when the session has just ended), then comes back. The shell routes these pages as open ones (its guard knows
 * customers only), so this frame is their guard. The area's reads share one SWR cache of its own, apart from the
 * customers' (shared-api's).
 */
export function StaffFrame({ roles, children }: StaffFrameProps) {
  const session = useStaffSession();
  const location = useLocation();
  const hadSession = useRef(session !== null);
  useEffect(() => {
    if (session) hadSession.current = true;
  }, [session]);
  if (!session) {
    const state: SignInState = { from: `${location.pathname}${location.search}`, ended: hadSession.current };
    return <Navigate to={staffPaths.signIn} replace state={state} />;
  }
  return (
    <SWRConfig value={{ shouldRetryOnError: retryable, revalidateOnFocus: true }}>
      <Page>
        <StaffHeader session={session} />
        {roles && !roles.includes(session.role) ? <p role="alert">{texts.notAllowed}</p> : children}
      </Page>
    </SWRConfig>
  );
}
