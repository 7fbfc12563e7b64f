// A written site (site.ts) put onto a bucket in the order that keeps every page whole while it goes up
// (deploy/README.md, "Promotion order"): a page or pointer never names a file that is not there yet.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { apps, type AppName } from './config';
import type { SiteManifest } from './site';
import { UNHASHED } from './static-files';

/** One object to put: the app, its key inside the app's folder (`files/main.0a1b2c3d.js`) and its bytes. */
export type UploadStep = { app: AppName; key: string; body: Buffer };

const filesBelow = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .sort()
    : [];

const holds = (file: string, body: Buffer) => {
  try {
    return fs.readFileSync(file).equals(body);
  } catch {
    return false;
  }
};

/** A per-deployment name (a pointer), its `.br`/`.gz` copies included. */
const isPointer = (key: string) => UNHASHED.test(path.posix.basename(key).replace(/\.(br|gz)$/, ''));

/**
 * The app's pages under keys of their own (`pages/<version>/routes/login.html`, the version a hash of the pages and
 * `pages.json`), and `pages.json` naming them: a page and its Content-Security-Policy (the hash of its inline
 * scripts, in `pages.json`) then switch together when `pages.json` does, as the CDN's routing is generated from it.
 */
function versionedPages(siteDir: string, app: AppName): { pages: UploadStep[]; manifest: UploadStep | null } {
  const manifestFile = path.join(siteDir, app, 'pages.json');
  if (!fs.existsSync(manifestFile)) return { pages: [], manifest: null };
  const keys = filesBelow(path.join(siteDir, app, 'pages'));
  const hash = createHash('sha256').update(fs.readFileSync(manifestFile));
  for (const key of keys) hash.update(key).update(fs.readFileSync(path.join(siteDir, app, 'pages', key)));
  const version = hash.digest('hex').slice(0, 12);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as SiteManifest;
  const moved: SiteManifest = {
    ...manifest,
    pages: manifest.pages.map((page) => ({
      ...page,
      file: `${version}/${page.file}`,
      ...(page.drawn ? { drawn: { ...page.drawn, file: `${version}/${page.drawn.file}` } } : {}),
    })),
  };
  return {
    pages: keys.map((key) => ({ app, key: `pages/${version}/${key}`, body: fs.readFileSync(path.join(siteDir, app, 'pages', key)) })),
    manifest: { app, key: 'pages.json', body: Buffer.from(`${JSON.stringify(moved, null, 2)}\n`) },
  };
}

/**
 * What a promotion puts, in order (deploy/README.md): every new file of every app first (hashed names, which nothing
 * live names yet), then every app's pages under their new keys (nothing names them yet either), then each remote's
 * changed pointers and its `pages.json`, then the shell's pointers and its `pages.json` last. An object already
 * there with the same bytes is skipped; nothing is deleted (retention removes a hashed file later).
 */
export function uploadPlan(siteDir: string, bucketDir: string): UploadStep[] {
  const newFiles: UploadStep[] = [];
  const pages: UploadStep[] = [];
  const pointers = Object.fromEntries(apps.map((a) => [a.name, [] as UploadStep[]])) as Record<AppName, UploadStep[]>;
  for (const { name: app } of apps) {
    for (const file of filesBelow(path.join(siteDir, app, 'files'))) {
      const key = `files/${file}`;
      const body = fs.readFileSync(path.join(siteDir, app, key));
      const there = path.join(bucketDir, app, key);
      if (holds(there, body)) continue;
      // A changed name is named already (a pointer, or a release's own manifest): it goes with the pointers.
      if (isPointer(key) || fs.existsSync(there)) pointers[app].push({ app, key, body });
      else newFiles.push({ app, key, body });
    }
    const versioned = versionedPages(siteDir, app);
    pages.push(...versioned.pages.filter((step) => !holds(path.join(bucketDir, app, step.key), step.body)));
    if (versioned.manifest && !holds(path.join(bucketDir, app, 'pages.json'), versioned.manifest.body)) pointers[app].push(versioned.manifest);
  }
  const remotes = apps.filter((a) => a.name !== 'shell').flatMap((a) => pointers[a.name]);
  return [...newFiles, ...pages, ...remotes, ...pointers.shell];
}

/** One object put as a bucket puts it: whole or not at all (a temporary name renamed over the old one). */
function put(body: Buffer, to: string) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  const tmp = `${to}.uploading-${process.pid}`;
  fs.writeFileSync(tmp, body);
  fs.renameSync(tmp, to);
}

/**
 * Puts the site written in `siteDir` into `bucketDir` (a folder standing for the bucket: `<app>/files/…`,
 * `<app>/pages/<version>/…`, `<app>/pages.json`) in `uploadPlan`'s order; `afterEach` runs after every object (the
 * tests look at the bucket there). Returns what was put. A real deploy puts the same keys with a bucket's client.
 */
export async function uploadSite(
  siteDir: string,
  bucketDir: string,
  { afterEach }: { afterEach?: (step: UploadStep) => void | Promise<void> } = {},
): Promise<UploadStep[]> {
  const plan = uploadPlan(siteDir, bucketDir);
  for (const step of plan) {
    put(step.body, path.join(bucketDir, step.app, step.key));
    await afterEach?.(step);
  }
  return plan;
}
