import type { Page } from '@playwright/test';

/**
 * Waits until the portal's service worker controls the page (it registers once the first screen is usable). Chromium
 * on a machine busy with two browsers and every server can take over 30 s to start the worker's process. A page whose
 * navigation was under way while the worker activated is not always claimed by it (`clients.claim()` misses a client
 * not yet created): once the worker is active, such a page is reloaded, which the worker then serves.
 */
export async function workerControls(page: Page): Promise<void> {
  const controlled = () => navigator.serviceWorker?.controller?.scriptURL.endsWith('/sw.js') === true;
  await page.waitForFunction(() => navigator.serviceWorker.ready.then(() => true), undefined, { timeout: 60_000 });
  if (!(await page.evaluate(controlled))) {
    // A moment for the activation's claim to reach this page before reloading it.
    const claimed = await page.waitForFunction(controlled, undefined, { timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (!claimed) await page.reload();
  }
  await page.waitForFunction(controlled, undefined, { timeout: 30_000 });
}

/**
 * The ids of the reads kept on this device for a repeat visit (shared-api/data's IndexedDB record), without creating
 * the database when there is none.
 */
export function keptReads(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((db) => db.name);
    if (!names.includes('portal-last-known')) return [];
    return new Promise<string[]>((resolve, reject) => {
      const open = indexedDB.open('portal-last-known');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('last-known')) {
          db.close();
          resolve([]);
          return;
        }
        const read = db.transaction('last-known').objectStore('last-known').get('reads');
        read.onsuccess = () => {
          db.close();
          resolve(Object.keys((read.result as { entries?: object } | undefined)?.entries ?? {}).sort());
        };
        read.onerror = () => reject(read.error);
      };
    });
  });
}

/**
 * Reloads the page with the network off. Chromium 150 keeps `context.setOffline(true)`'s network cut across a reload
 * the worker answers but gives the new document `navigator.onLine === true`, as no phone without a network does (a
 * fresh CDP emulation on the page does not change it either); turning the cut off and on again tells the reloaded page
 * (it hears the `offline` event).
 */
export async function reloadOffline(page: Page): Promise<void> {
  const context = page.context();
  await context.setOffline(true);
  await page.reload();
  await context.setOffline(false);
  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
}
