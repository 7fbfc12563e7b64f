import type { ReactElement } from 'react';
import { render, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { MemoryRouter, Route, Routes, routerFuture, useLocation } from 'shared-ui/router';
import { ToastHost } from 'shared-ui';
import { staffSession, type StaffRole } from './lib/staff-session';
import { staffPaths } from './app/staff-paths';

export const TOKEN = 'staff-token';

/** Start a test signed in as a staff member with `role`. */
export function signInAsStaff(role: StaffRole = 'finance', email = `${role}@reseller.example`): void {
  staffSession.set({ token: TOKEN, email, role });
}

/** Where the router is, and what it was told: the sign-in page's "session ended" note comes with the state. */
function Where() {
  const location = useLocation();
  return <output data-testid="where" data-state={JSON.stringify(location.state ?? null)}>{`${location.pathname}${location.search}`}</output>;
}

/** `page` at `url` inside a router (with a stand-in for the sign-in page), the shell's toaster and a fresh SWR cache. */
export function renderStaffPage(page: ReactElement, url: string, path = url.split('?')[0]!) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[url]} future={routerFuture}>
        <ToastHost position="top-center" duration={5000} />
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </SWRConfig>,
  );
}

/** Opens the reason form of `subject`'s row in a decision queue: the form, its reason box, and its Decline button. */
export async function openDecline(user: UserEvent, subject: string) {
  await user.click(await screen.findByRole('button', { name: `Decline ${subject}` }));
  const form = screen.getByRole('region', { name: `Decline ${subject}` });
  return {
    form,
    reason: within(form).getByRole('textbox', { name: 'Reason (the customer reads it)' }),
    submit: () => user.click(within(form).getByRole('button', { name: 'Decline' })),
  };
}

export { staffPaths };
export type { StaffRole };
