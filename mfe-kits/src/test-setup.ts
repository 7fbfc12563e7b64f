import '@testing-library/jest-dom';
import { cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { setupMswServer } from 'shared-api/testing';

// Unmount before the shared setup logs out and resets the wallet store, so no component sees the
// reset; drop toasts so one test's messages never satisfy (or crowd out) the next one's.
afterEach(() => {
  cleanup();
  toast.remove();
});
setupMswServer();
