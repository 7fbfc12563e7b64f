// What a failed load means, told apart by asking for the file that failed. Only a load that failed needs it, so the
// loader fetches this module then, not with every page's start-up code.
import type { RemoteName } from 'shared-api';
import { AreaLoadError, configuredEntry, loadOnce, noAnswer, readListing, register, registeredEntry } from './remote-loader';

type Diagnosis = 'unanswered' | 'gone' | 'transient' | 'failed';

/** The file a failed load was fetching: a page chunk (webpack names it), or the remote's entry. */
function failedFile(remote: RemoteName, error: unknown): string | undefined {
  const { name, message, request } = (error ?? {}) as { name?: string; message?: string; request?: unknown };
  if (name === 'ChunkLoadError') return typeof request === 'string' && request ? request : message?.match(/https?:\/\/\S+?\.js/)?.[0];
  if (message?.includes('RUNTIME-008') || name === 'ScriptNetworkError') return registeredEntry(remote);
  return undefined;
}

const ask = (url: string) => fetch(url, { method: 'HEAD', cache: 'no-store' });

/**
 * unanswered: no answer at all; gone: the server answers 404 (the build that named it was replaced, or the live
 * release lacks it); transient: the file is there now (a preload that failed is handed once to the next request for
 * it, without the network); failed: the file loaded and the area's code failed, or the server broke.
 */
async function diagnose(remote: RemoteName, error: unknown): Promise<{ diagnosis: Diagnosis; file?: string }> {
  // Not navigator.onLine first: a browser on a machine with no network interface but loopback says false while the
  // portal is served from that very machine; asking is what tells, and the flag only words a file that did not come.
  const file = failedFile(remote, error);
  if (!file) return { diagnosis: 'failed' };
  try {
    const response = await ask(file);
    if (response.status === 404 || response.status === 410) return { diagnosis: 'gone', file };
    return { diagnosis: response.ok ? 'transient' : 'failed', file };
  } catch {
    return { diagnosis: 'unanswered', file };
  }
}

/**
 * Whether `file` belongs to the release live now and is missing from it: the listing names the file, and the
 * versioned entry it names is there (a listing from a cache that has not caught up names an entry that is gone).
 */
async function missingFromLiveRelease(remote: RemoteName, file: string): Promise<boolean> {
  const listing = await readListing(remote);
  if (!listing || (listing.entry !== file && !listing.files.includes(file))) return false;
  if (listing.entry === file) return true;
  try {
    return (await ask(listing.entry)).ok;
  } catch {
    return false;
  }
}

/**
 * The build this page registered is gone (one of its files answers 404), though the listing read for this navigation
 * did not say so (a cache behind, a redeployment since): the no-cache remoteEntry.js always names the newest build.
 * If that cannot be loaded in place either, the live release lacks the file (Retry later: a reload would load the
 * same release), or only a reload can follow the area.
 */
async function loadLiveBuild<T>(remote: RemoteName, request: string, cause: unknown): Promise<T> {
  const configured = configuredEntry(remote);
  if (failedFile(remote, cause) === configured) throw new AreaLoadError('failed', remote, { cause });
  register(remote, configured, undefined);
  try {
    return await loadOnce<T>(remote, request);
  } catch (error) {
    const { diagnosis, file } = await diagnose(remote, error);
    if (diagnosis === 'unanswered') throw new AreaLoadError(noAnswer('unreachable'), remote, { cause: error });
    if (diagnosis === 'failed') throw new AreaLoadError('failed', remote, { cause: error });
    const incomplete = diagnosis === 'gone' && file !== undefined && (await missingFromLiveRelease(remote, file));
    throw new AreaLoadError(incomplete ? 'incomplete' : 'outdated', remote, { cause: error });
  }
}

/** After a failed load of `request`: loads it after all where the failure allows, else says why it cannot. */
export async function recover<T>(remote: RemoteName, request: string, error: unknown): Promise<T> {
  const { diagnosis } = await diagnose(remote, error);
  if (diagnosis === 'gone') return loadLiveBuild<T>(remote, request, error);
  if (diagnosis === 'unanswered') throw new AreaLoadError(noAnswer('unreachable'), remote, { cause: error });
  if (diagnosis !== 'transient') throw new AreaLoadError(diagnosis, remote, { cause: error });
  try {
    return await loadOnce<T>(remote, request);
  } catch (again) {
    throw new AreaLoadError('failed', remote, { cause: again });
  }
}
