// What a failed load means, told apart by asking for the file that failed. Only a load that failed needs it, so the
// loader fetches this module then, not with every page's start-up code.

/**
 * unanswered: no answer at all; gone: the server answers 404 (the build that named it was replaced, or the live
 * release lacks it); transient: the file is there now (a preload that failed is handed once to the next request for
 * it, without the network); failed: the file loaded and the area's code failed, or the server broke.
 */
export type Diagnosis = 'unanswered' | 'gone' | 'transient' | 'failed';

/** The file a failed load was fetching: a page chunk (webpack names it), or the remote's entry (`entry`). */
function failedFile(error: unknown, entry: string | undefined): string | undefined {
  const { name, message, request } = (error ?? {}) as { name?: string; message?: string; request?: unknown };
  if (name === 'ChunkLoadError') return typeof request === 'string' && request ? request : message?.match(/https?:\/\/\S+?\.js/)?.[0];
  if (message?.includes('RUNTIME-008') || name === 'ScriptNetworkError') return entry;
  return undefined;
}

/** Why a load of a remote registered with `entry` failed. */
export async function diagnose(error: unknown, entry: string | undefined): Promise<{ diagnosis: Diagnosis; file?: string }> {
  // Not navigator.onLine first: a browser on a machine with no network interface but loopback says false while the
  // portal is served from that very machine; asking is what tells, and the flag only words a file that did not come.
  const file = failedFile(error, entry);
  if (!file) return { diagnosis: 'failed' };
  try {
    const response = await fetch(file, { method: 'HEAD', cache: 'no-store' });
    if (response.status === 404 || response.status === 410) return { diagnosis: 'gone', file };
    return { diagnosis: response.ok ? 'transient' : 'failed', file };
  } catch {
    return { diagnosis: 'unanswered', file };
  }
}
