import '@testing-library/jest-dom';
import { setupMswServer } from 'shared-api/testing';
import { resetEmailStatus } from 'shared-api/verification';

// Unmounts, drops toasts, logs out and resets the wallet store after each test.
setupMswServer();

afterEach(() => {
  // A fresh page load for the next test: no cached status, no dismissal.
  resetEmailStatus();
  sessionStorage.clear();
});
