import { getRuntimeConfig } from 'shared-api';

/** The API's report route (beyond spec section 7, in its OpenAPI document). */
export const REPORTS_PATH = '/api/v1/client_reports';

export type SendOutcome = 'stored' | 'absent' | 'refused' | 'failed';

const reportsUrl = () => `${getRuntimeConfig().apiBaseUrl}${REPORTS_PATH}`;

/**
 * Posts one batch. As text/plain, so neither this nor a beacon needs a CORS preflight, and without credentials:
 * a report names no customer. Never throws: a report must not break the page.
 */
export async function postReports(body: string): Promise<SendOutcome> {
  try {
    const response = await fetch(reportsUrl(), { method: 'POST', body, keepalive: true, credentials: 'omit', headers: { 'content-type': 'text/plain' } });
    if (response.ok) return 'stored';
    // A server without the route (the spec's API): stop sending.
    if (response.status === 404 || response.status === 405 || response.status === 501) return 'absent';
    return 'refused';
  } catch {
    return 'failed';
  }
}

/** Hands one batch to the browser to send after the page is gone; false when it would not take it. */
export function beaconReports(body: string): boolean {
  try {
    return typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(reportsUrl(), body);
  } catch {
    return false;
  }
}
