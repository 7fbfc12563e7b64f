import { http } from '../http/client';
import { reads } from './reads';

/**
 * Kept here, not in the profile area that owns verification: the shell asks it on every customer page (its email
 * check, and a first read) to decide whether to download the profile area's dialog at all.
 */
export const verificationApi = {
  emailStatus: () =>
    http.get<{ email_verified: boolean }>(reads.emailStatus.url).then((r) => r.data),
};
