import '@testing-library/jest-dom';
import { handle, setupMswServer } from 'shared-api/testing';

// Unmounts, drops toasts, logs out and resets the wallet store after each test.
setupMswServer();

// The server of spec section 7 by default: the reads beyond it (price changes, notices) are not there (404), so the
// screens are as the spec has them; a test of those reads serves them itself.
beforeEach(() => {
  handle('get', '/api/v1/plan_price', { message: 'Not Found' }, { status: 404 });
  handle('get', '/api/v1/notifications', { message: 'Not Found' }, { status: 404 });
});
