import useSWR from 'swr';
import { staffFetch } from '../../../lib/staff-api';
import { staffSession } from '../../../lib/staff-session';
import type { Answer } from '../../../lib/wire';

export type Enrolment = Answer<'/api/v1/staff/enrolments/{token}', 'get'>;
type Enrolled = Answer<'/api/v1/staff/enrolments/{token}', 'post', 201>;

const enrolmentPath = (token: string) => `/api/v1/staff/enrolments/${encodeURIComponent(token)}`;

/** Who the link enrols and the authenticator secret it offers; read once (the link is single-use). */
export function useEnrolment(token: string | null) {
  return useSWR(token ? ['enrolment', token] : null, () => staffFetch<Enrolment>(enrolmentPath(token!), { signedIn: false }), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}

/** Sets the password and proves the authenticator; the answer is a session, kept as a sign-in's is. */
export async function completeEnrolment(token: string, input: { password: string; code: string }): Promise<Enrolled> {
  const answer = await staffFetch<Enrolled>(enrolmentPath(token), { method: 'POST', body: input, signedIn: false });
  staffSession.set({ token: answer.token, email: answer.staff.email, role: answer.staff.role });
  return answer;
}
