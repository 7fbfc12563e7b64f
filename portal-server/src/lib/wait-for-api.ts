// `npm start` gives the portal's address only once the API answers: a login before then would fail.

/** Whether the API answers anything but a server error (an unauthenticated call: 401). */
export async function apiAnswers(apiUrl: string, timeoutMs = 2_000): Promise<boolean> {
  try {
    const res = await fetch(new URL('/api/v1/starlink_user_wallet', apiUrl), {
      signal: AbortSignal.timeout(timeoutMs),
    });
    return res.status < 500;
  } catch {
    return false;
  }
}

/** Resolves once the API answers, calling `onWaiting` once if it does not at the first try. */
export async function waitForApi(apiUrl: string, { onWaiting = () => {}, pollMs = 500 } = {}): Promise<void> {
  if (await apiAnswers(apiUrl)) return;
  onWaiting();
  while (!(await apiAnswers(apiUrl))) await new Promise((resolve) => setTimeout(resolve, pollMs));
}
