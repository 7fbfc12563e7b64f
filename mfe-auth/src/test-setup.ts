import '@testing-library/jest-dom';
import { cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { sessionStore } from 'shared-api';
import { setupMswServer } from 'shared-api/testing';

setupMswServer();

// A page left during its success delay still stores the session when it unmounts; unmount first,
// then log out, so no test starts signed in whatever order the hooks run in.
afterEach(() => {
  cleanup();
  sessionStore.getState().logout();
  // react-hot-toast keeps toasts in a module-level store: one test's toast must not satisfy the next.
  toast.remove();
});

// jsdom has no matchMedia; react-hot-toast's Toaster asks it about reduced motion.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
