// The site as plain files: every app's live files and its pages per route, written once per release, so any static
// host (`npm start`'s server, nginx, a bucket behind a CDN) serves it as it is.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { findRoute, parseRoutes, type AreaRoute } from 'shared-api/routes';
import { apps, contentSecurityPolicy, type AppName, type PortalConfig } from './config';
import { isScriptFileName, remoteEntryUrl, type ExposeChunkDirectory } from './expose-chunks';
import { readTemplate, renderPage } from './page';
import { drawFrames, parseAreaPrerender, type AreaPrerender } from './prerender';
import { carriesEntry, inlineEntry } from './entry-script';
import { UNHASHED } from './static-files';
import { POINTER_FILE, pointerMeta, releasePointer, type ReleasePointer } from './release-pointer';

/** One page file of an app and the addresses it answers (`pages.json` beside the app's files). */
export type SitePage = {
  /** The route's pattern (`/dashboard/:kitId`), or null for every other address without an extension. */
  route: string | null;
  /** Relative to the app's `pages/` folder. */
  file: string;
  /** The drawn variant, for addresses whose query has a non-empty `needs` parameter (the page is drawn only then). */
  drawn?: { file: string; needs: string };
  csp: string;
};

export type SiteManifest = { app: AppName; pages: SitePage[] };

const readJson = (file: string): unknown => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

/**
 * The remotes' listings read from their live releases' folders: the site is written from what is live, so every page
 * names the remotes' live builds.
 */
export function releasedDirectory(config: PortalConfig, liveRoot: (remote: string) => string | null): ExposeChunkDirectory {
  const listing = (remote: string) => {
    const root = liveRoot(remote);
    const body = root ? readJson(path.join(root, 'expose-chunks.json')) : null;
    if (!body || typeof body !== 'object') return null;
    const { exposes, entry, routes } = body as { exposes?: unknown; entry?: unknown; routes?: unknown };
    if (typeof exposes !== 'object' || exposes === null) return null;
    return { exposes: exposes as Record<string, unknown>, entry: isScriptFileName(entry) ? entry : null, routes: parseRoutes(routes) };
  };
  const base = (remote: string) => {
    const configured = config.remotes[remote];
    return configured ? remoteEntryUrl(configured) : null;
  };
  return {
    async scripts(remote, module) {
      const files = listing(remote)?.exposes[module];
      const entry = base(remote);
      return entry && Array.isArray(files) ? files.filter(isScriptFileName).map((f) => new URL(f, entry).href) : [];
    },
    async versionedEntry(remote) {
      const found = listing(remote)?.entry;
      const entry = base(remote);
      return found && entry ? new URL(found, entry).href : null;
    },
    async prerender(remote): Promise<AreaPrerender | null> {
      const root = liveRoot(remote);
      const found = listing(remote)?.entry;
      const prerender = root ? parseAreaPrerender(readJson(path.join(root, 'prerender.json'))) : null;
      return prerender && found && prerender.entry === found ? prerender : null;
    },
    async routes() {
      return Object.keys(config.remotes).flatMap((remote) =>
        (listing(remote)?.routes ?? []).filter((route: AreaRoute) => route.remote === remote),
      );
    },
  };
}

/** Each page's file name: the route's pattern as a path (`:` kept out of file names). */
const pageFile = (route: string | null) =>
  route === null ? 'fallback.html' : `routes/${route.replace(/^\/+|\/+$/g, '').replace(/:/g, '_') || 'root'}.html`;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The page and its `.br`/`.gz` copies, each at the best compression (the Node server's kept copies). */
async function writePage(file: string, html: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, html);
  const text = {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
  };
  fs.writeFileSync(`${file}.br`, await brotli(html, { params: text }));
  fs.writeFileSync(`${file}.gz`, await gzip(html, { level: 9 }));
}

/**
 * Copies the releases' files into `dir`: the older retained releases first, so the live one's files win, and
 * per-deployment names (UNHASHED) from the live release only. Hard links where the file system allows it.
 */
function copyFiles(roots: readonly string[], dir: string) {
  [...roots].reverse().forEach((root, index, all) => {
    const live = index === all.length - 1;
    for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const from = path.join(entry.parentPath, entry.name);
      const relative = path.relative(root, from);
      // The shell's frames.cjs is the site writer's, never served.
      if ((!live && UNHASHED.test(entry.name.replace(/\.(br|gz)$/, ''))) || entry.name.endsWith('.cjs')) continue;
      const to = path.join(dir, relative);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.rmSync(to, { force: true });
      try {
        fs.linkSync(from, to);
      } catch {
        fs.copyFileSync(from, to);
      }
    }
  });
}

/** The pages of one app, from its live release's template: one per route for the shell, one for every other address. */
async function writePages(
  app: AppName,
  live: string,
  config: PortalConfig,
  directory: ExposeChunkDirectory,
  dir: string,
  pointer: ReleasePointer | null,
) {
  const template = await readTemplate(live);
  const host = template.routeAreas.host;
  const named = host ? pointer : null;
  const routes = host ? await directory.routes() : [];
  const page = { ...template, frames: host ? await drawFrames(live, routes) : null };
  const pages: SitePage[] = [];
  for (const route of [...routes.map((r) => r.path), null]) {
    // A pattern's `:name` stands for one segment: any value draws the same page.
    const address = route === null ? '/index.html' : route.replace(/:[^/]+/g, 'x');
    const drawn = withPointer(await renderPage(page, config, directory, address), named);
    const entry = page.entry && carriesEntry(routes, address) ? page.entry : null;
    const html = entry ? inlineEntry(drawn, entry) : drawn;
    const csp = contentSecurityPolicy(config, entry && html !== drawn ? [entry.cspSource] : []);
    const file = pageFile(route);
    await writePage(path.join(dir, 'pages', file), html);
    const needs = route === null ? null : await pageNeeds(directory, findRoute(routes, address));
    if (needs) {
      const withQuery = withPointer(await renderPage(page, config, directory, address, `?${needs}=x`), named);
      const variant = file.replace(/\.html$/, '.drawn.html');
      await writePage(path.join(dir, 'pages', variant), entry ? inlineEntry(withQuery, entry) : withQuery);
      pages.push({ route, file, drawn: { file: variant, needs }, csp });
    } else pages.push({ route, file, csp });
  }
  const manifest: SiteManifest = { app, pages };
  fs.writeFileSync(path.join(dir, 'pages.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** A shell page names the releases it was served with (release-pointer.ts). */
const withPointer = (html: string, pointer: ReleasePointer | null) =>
  pointer ? html.replace('</head>', `${pointerMeta(pointer)}</head>`) : html;

/** The query parameter the route's prerendered page stands for (a reset link's token), if any. */
async function pageNeeds(directory: ExposeChunkDirectory, route: AreaRoute | undefined): Promise<string | null> {
  if (!route) return null;
  const area = await directory.prerender(route.remote);
  return area?.pages[route.module]?.needs ?? null;
}

export type WriteSiteOptions = {
  /** The site folder: `<dir>/<app>/files` (served by name), `<dir>/<app>/pages` and `<dir>/<app>/pages.json`. */
  dir: string;
  config: PortalConfig;
  /** Each app's release roots, live first (`rootsFromReleases`). */
  rootsFor: (app: AppName) => readonly string[];
};

/** Where a symbolic link beside the site points, or null. */
function readLink(file: string): string | null {
  try {
    return path.resolve(path.dirname(file), fs.readlinkSync(file));
  } catch {
    return null;
  }
}

/**
 * Writes the whole site into a new folder beside `dir` and then points `dir` (a symbolic link) at it, so a server
 * reading `dir` sees either the previous site or this one, never half of each; the previous folder is kept until the
 * next write. Returns the new folder.
 */
export async function writeSite({ dir, config, rootsFor }: WriteSiteOptions): Promise<string> {
  const roots = Object.fromEntries(apps.map((a) => [a.name, rootsFor(a.name)])) as Record<AppName, readonly string[]>;
  const liveRoot = (remote: string) => roots[remote as AppName]?.[0] ?? null;
  const directory = releasedDirectory(config, liveRoot);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const target = fs.mkdtempSync(`${dir}.`);
  const shellRoot = roots.shell[0];
  const entries = Object.fromEntries(
    await Promise.all(Object.keys(config.remotes).map(async (name) => [name, await directory.versionedEntry(name)] as const)),
  );
  const pointer = shellRoot ? releasePointer(shellRoot, config.remotes, (name) => entries[name] ?? null) : null;
  // Readable by the server's workers, which may run as another user.
  fs.chmodSync(target, 0o755);
  for (const { name } of apps) {
    const appDir = path.join(target, name);
    const appRoots = roots[name];
    fs.mkdirSync(path.join(appDir, 'files'), { recursive: true });
    if (appRoots.length === 0) continue;
    copyFiles(appRoots, path.join(appDir, 'files'));
    if (name === 'shell' && pointer) fs.writeFileSync(path.join(appDir, 'files', POINTER_FILE), JSON.stringify(pointer));
    await writePages(name, appRoots[0]!, config, directory, appDir, pointer);
  }
  const link = `${dir}.link`;
  fs.rmSync(link, { force: true });
  fs.symlinkSync(path.basename(target), link);
  const previous = fs.existsSync(dir) ? fs.realpathSync(dir) : null;
  fs.renameSync(link, dir);
  // The site before stays until the next write (`<dir>.previous` names it): a server still configured for it (nginx
  // until its reload, a request under way) keeps finding its pages and files. The one before that goes; a folder
  // another writer is still filling is never touched.
  if (previous && previous !== target) {
    const kept = `${dir}.previous`;
    const older = readLink(kept);
    fs.rmSync(link, { force: true });
    fs.symlinkSync(path.basename(previous), link);
    fs.renameSync(link, kept);
    if (older && older !== target && older !== previous) fs.rmSync(older, { recursive: true, force: true });
  }
  return target;
}
