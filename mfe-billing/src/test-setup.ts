import '@testing-library/jest-dom';
import { setupMswServer } from 'shared-api/testing';

// Unmounts, drops toasts, logs out and resets the wallet store after each test.
setupMswServer();
