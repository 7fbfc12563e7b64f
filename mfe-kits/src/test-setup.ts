import '@testing-library/jest-dom';
import { setupMswServer } from 'shared-api/testing';

setupMswServer();
