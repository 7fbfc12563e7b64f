// The pointer document (`releases.json` on the shell's origin): what an open tab reads in the background to know the
// live releases before the customer's next click, and which builds a rollback withdrew (shell/README.md, "Releases").
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readLive, readRelease, releaseDir, toAppName } from 'release';
import { areaReleases } from './area-releases';
import { remoteEntryUrl } from './expose-chunks';

export const POINTER_FILE = 'releases.json';

type AreaPointer = { live: string | null; canary: { entry: string; percent: number } | null; withdrawn: string[] };
export type ReleasePointer = {
  /** Changes whenever anything a page names changes: a page whose `portal-releases` differs is outdated. */
  version: string;
  shell: { live: string; withdrawn: string[] };
  remotes: Record<string, AreaPointer>;
};

const short = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** A shell build is known by its page template, which names every start-up file it runs. */
const shellBuild = (root: string): string | null => {
  try {
    return short(fs.readFileSync(path.join(root, 'index.html'), 'utf8'));
  } catch {
    return null;
  }
};

/** The store's rolled-back releases of `app` (a store that cannot be read: none, the release commands say why). */
function rolledBack(app: string): string[] {
  try {
    return readLive(toAppName(app)).rolledBack;
  } catch {
    return [];
  }
}

/**
 * The pointer for a site: the live shell's build, and each remote's live versioned entry, canary and withdrawn
 * entries (rolled back, canary taken back; a release retention already removed is no longer named).
 */
export function releasePointer(
  shellRoot: string,
  remotes: Record<string, string>,
  versionedEntry: (remote: string) => string | null,
): ReleasePointer {
  const releases = areaReleases(remotes);
  const areas = Object.fromEntries(
    Object.entries(remotes).map(([name, configured]) => {
      const base = remoteEntryUrl(configured);
      const entries = rolledBack(name).map((id) => readRelease(toAppName(name), id)?.entry);
      const withdrawn = base ? entries.flatMap((entry) => (entry ? [new URL(entry, base).href] : [])) : [];
      const canary = releases[name]?.canary;
      const area: AreaPointer = { live: versionedEntry(name), canary: canary ? { entry: canary.entry, percent: canary.percent } : null, withdrawn };
      return [name, area];
    }),
  );
  const shell = { live: shellBuild(shellRoot) ?? '', withdrawn: rolledBack('shell').flatMap((id) => shellBuild(releaseDir('shell', id)) ?? []) };
  const named = { shell: shell.live, remotes: Object.fromEntries(Object.entries(areas).map(([n, a]) => [n, [a.live, a.canary]])) };
  return { version: short(JSON.stringify(named)), shell, remotes: areas };
}

/** What a shell page carries: the pointer's version and its own build, which the tab and the worker compare. */
export const pointerMeta = ({ version, shell }: ReleasePointer) => `<meta name="portal-releases" content="${version} ${shell.live}">`;
