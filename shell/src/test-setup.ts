import '@testing-library/jest-dom';
import { setRuntimeConfig } from 'shared-api';
import { setupMswServer } from 'shared-api/testing';
import { declaredRoutes } from 'portal-registry/declared-routes';

setupMswServer();
// The page's configuration carries the live areas' routes; the tests route by what the areas' sources declare.
beforeAll(() => setRuntimeConfig({ routes: declaredRoutes() }));
