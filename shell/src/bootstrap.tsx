import { createRoot } from 'react-dom/client';
import { setRemoteModuleLoader } from 'shared-api';
import { App } from './app/app';
import { loadRemoteModule, registerPortalRemotes } from './features/remotes/remote-loader';

registerPortalRemotes();
// Lets one area open a module another exposes (kits opening billing's fund dialog) without importing it.
setRemoteModuleLoader(loadRemoteModule);

const container = document.getElementById('root');
if (container) createRoot(container).render(<App />);
