// The site a server serves, kept to what is live: written once at start, and again (one write at a time) whenever a
// promotion, rollback or canary changes the release store, as a CDN's origin is by the release commands.
import { liveState as liveStateOf, rootsFromReleases } from './release-roots';
import { writeSite } from './site';
import type { AppName, PortalConfig } from './config';

export type KeepSiteOptions = {
  dir: string;
  config: PortalConfig;
  /** After every write, the first included (nginx reloads its configuration then). */
  onWritten?: () => void | Promise<void>;
  /** How often the store is looked at (default 250 ms). */
  intervalMs?: number;
  log?: (message: string) => void;
  /** Each app's release roots, live first (default: the release store's, `rootsFromReleases`). */
  rootsFor?: (app: AppName) => string[];
  /** What the site is made from, compared between looks (default: the store's live releases and canaries). */
  liveState?: () => string;
};

export async function keepSiteCurrent(options: KeepSiteOptions): Promise<{ stop: () => void }> {
  const { dir, config, onWritten, intervalMs = 250, log = console.error, rootsFor = rootsFromReleases } = options;
  const liveState = options.liveState ?? (() => liveStateOf(rootsFor));
  const publish = async () => {
    await writeSite({ dir, config, rootsFor });
    await onWritten?.();
  };
  let state = liveState();
  await publish();
  let writing = false;
  const timer = setInterval(() => {
    if (writing) return;
    let next: string;
    try {
      next = liveState();
    } catch {
      return; // The store cannot say what is live: keep serving the last site (the release commands say why).
    }
    if (next === state) return;
    writing = true;
    publish()
      .then(() => (state = next))
      .catch((error: unknown) => log(`portal-server: the site was not written again: ${String(error)}`))
      .finally(() => (writing = false));
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
