import { staffFetch } from '../../../lib/staff-api';
import { staffSession } from '../../../lib/staff-session';
import type { Answer } from '../../../lib/wire';

export type SignedIn = Answer<'/api/v1/staff/sessions', 'post', 201>;

/** Signs in (password and a current code) and keeps the session. */
export async function signIn(input: { email: string; password: string; code: string }): Promise<SignedIn> {
  const answer = await staffFetch<SignedIn>('/api/v1/staff/sessions', { method: 'POST', body: input, signedIn: false });
  staffSession.set({ token: answer.token, email: answer.staff.email, role: answer.staff.role });
  return answer;
}

/** Ends the session on the server too; forgotten here whatever the answer, so signing out always works. */
export async function signOut(): Promise<void> {
  try {
    await staffFetch('/api/v1/staff/session', { method: 'DELETE' });
  } catch {
    // Already ended, or the server is unreachable: nothing else to do.
  } finally {
    staffSession.clear();
  }
}
