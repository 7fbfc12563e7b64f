import '@testing-library/jest-dom';
import { setupMswServer } from 'shared-api/testing';

setupMswServer();

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
