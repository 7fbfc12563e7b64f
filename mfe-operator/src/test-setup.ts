import '@testing-library/jest-dom';
import { setupMswServer } from 'shared-api/testing';

// Unmounts, drops toasts and fails a test that made a request no handler answers.
setupMswServer();
afterEach(() => window.localStorage.clear());
