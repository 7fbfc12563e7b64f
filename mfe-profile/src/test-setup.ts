import '@testing-library/jest-dom';
import { act } from '@testing-library/react';
import toast from 'react-hot-toast';
import { setupMswServer } from 'shared-api/testing';
import { resetEmailStatus } from './features/email-verification/hooks/email-status-store';

setupMswServer();

// jsdom has no matchMedia; react-hot-toast's Toaster asks it about reduced motion.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  // A fresh page load for the next test: no cached status, no dismissal, no leftover toasts.
  resetEmailStatus();
  sessionStorage.clear();
  act(() => toast.remove());
});
