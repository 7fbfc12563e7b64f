import '@testing-library/jest-dom';
import { setupMswServer } from '../../testing';

setupMswServer();
