import { startFirstReads } from 'shared-api/first-reads';

// A customer's first screen asks for its data now, from this entry chunk, while the start-up code (react-dom and the
// rest, the largest files) is still downloading: on a slow network the answers are here when the page renders.
startFirstReads(window.location.pathname);
import('./bootstrap');
export {};
