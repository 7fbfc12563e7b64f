import { getRuntimeConfig } from 'shared-api';

/** The API's report route (beyond spec section 7, in its OpenAPI document). */
export const REPORTS_PATH = '/api/v1/client_reports';

export type SendOutcome = 'stored' | 'absent' | 'refused' | 'failed';

const reportsUrl = () => `${getRuntimeConfig().apiBaseUrl}${REPORTS_PATH}`;

/**
 * Posts one batch with the signed-in customer's session: the API counts a report only with one, so nobody can invent
 * the customers a canary is judged by. `keepalive` lets a batch sent as the page goes outlive it, as a beacon would
 * (a beacon cannot carry the Authorization header). No cookies. Never throws: a report must not break the page.
 */
export async function postReports(body: string, token: string): Promise<SendOutcome> {
  try {
    const response = await fetch(reportsUrl(), {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'omit',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });
    if (response.ok) return 'stored';
    // A server without the route (the spec's API): stop sending.
    if (response.status === 404 || response.status === 405 || response.status === 501) return 'absent';
    return 'refused';
  } catch {
    return 'failed';
  }
}
