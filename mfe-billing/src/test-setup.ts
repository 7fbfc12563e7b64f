import '@testing-library/jest-dom';
import { cleanup } from '@testing-library/react';
import { setupMswServer } from 'shared-api/testing';

// Unmount before the shared setup logs out and resets the wallet store, so those resets do not
// re-render a component that the test has finished with (React's act() warnings).
afterEach(cleanup);
setupMswServer();
