import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes } from 'shared-ui/router';

/** Render a screen as the shell would: inside a router, with the one Toaster that shows our messages. */
export function renderScreen(ui: ReactElement, { path = '/profile' }: { path?: string } = {}) {
  return render(
    <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Toaster />
      <Routes>
        <Route path={path} element={ui} />
        <Route path="/login" element={<h1>Log in page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}
