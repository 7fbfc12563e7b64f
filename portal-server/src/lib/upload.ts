// A written site (site.ts) put onto a bucket in the order that keeps every page whole while it goes up
// (deploy/README.md, "Promotion order"): a page or pointer never names a file that is not there yet.
import fs from 'node:fs';
import path from 'node:path';
import { apps, type AppName } from './config';
import { UNHASHED } from './static-files';

/** One object to put: the app and its path inside the app's folder (`files/main.0a1b2c3d.js`, `pages/fallback.html`). */
export type UploadStep = { app: AppName; key: string };

const filesBelow = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .sort()
    : [];

const same = (a: string, b: string) => {
  try {
    return fs.readFileSync(a).equals(fs.readFileSync(b));
  } catch {
    return false;
  }
};

/** A per-deployment name (a pointer), its `.br`/`.gz` copies included. */
const isPointer = (key: string) => UNHASHED.test(path.posix.basename(key).replace(/\.(br|gz)$/, ''));

/**
 * What a promotion puts, in order: every new file of every app first (hashed names, which nothing live names yet),
 * then each remote's changed pointers and pages, then the shell's pointers, its pages and `pages.json` last. A file
 * already there with the same bytes is skipped; nothing is deleted (retention removes a hashed file later).
 */
export function uploadPlan(siteDir: string, bucketDir: string): UploadStep[] {
  const first: UploadStep[] = [];
  const later: Record<AppName, UploadStep[]> = Object.fromEntries(apps.map((a) => [a.name, []])) as unknown as Record<AppName, UploadStep[]>;
  for (const { name: app } of apps) {
    const keys = filesBelow(path.join(siteDir, app)).filter((key) => !same(path.join(siteDir, app, key), path.join(bucketDir, app, key)));
    const rank = (key: string) => (key === 'pages.json' ? 2 : key.startsWith('pages/') ? 1 : 0);
    for (const key of keys.sort((a, b) => rank(a) - rank(b))) {
      const isNew = !fs.existsSync(path.join(bucketDir, app, key));
      // A new file that no page or pointer names yet goes first; a changed name is named already, so it is a pointer.
      if (key.startsWith('files/') && isNew && !isPointer(key)) first.push({ app, key });
      else later[app].push({ app, key });
    }
  }
  const remotes = apps.filter((a) => a.name !== 'shell').flatMap((a) => later[a.name]);
  return [...first, ...remotes, ...later.shell];
}

/** One object put as a bucket puts it: whole or not at all (a temporary name renamed over the old one). */
function put(from: string, to: string) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  const tmp = `${to}.uploading-${process.pid}`;
  fs.copyFileSync(from, tmp);
  fs.renameSync(tmp, to);
}

/**
 * Puts the site written in `siteDir` into `bucketDir` (a folder standing for the bucket: `<app>/files/…`,
 * `<app>/pages/…`, `<app>/pages.json`) in `uploadPlan`'s order; `afterEach` runs after every object (the tests look
 * at the bucket there). Returns what was put.
 */
export async function uploadSite(
  siteDir: string,
  bucketDir: string,
  { afterEach }: { afterEach?: (step: UploadStep) => void | Promise<void> } = {},
): Promise<UploadStep[]> {
  const plan = uploadPlan(siteDir, bucketDir);
  for (const step of plan) {
    put(path.join(siteDir, step.app, step.key), path.join(bucketDir, step.app, step.key));
    await afterEach?.(step);
  }
  return plan;
}
