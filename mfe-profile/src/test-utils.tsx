import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, routerFuture } from 'shared-ui/router';
import { ToastHost } from 'shared-ui';

/** Render a screen as the shell would: inside a router, with the one Toaster that shows our messages. */
export function renderScreen(ui: ReactElement, { path = '/profile', search = '' }: { path?: string; search?: string } = {}) {
  return render(
    <MemoryRouter initialEntries={[`${path}${search}`]} future={routerFuture}>
      <ToastHost position="top-center" duration={5000} />
      <Routes>
        <Route path={path} element={ui} />
        <Route path="/login" element={<h1>Log in page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}
