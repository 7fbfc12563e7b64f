import { http } from 'shared-api';

/** What an undo link would put back (not in spec section 7: api/README.md, "what issue 47 adds"). */
export interface ContactRevert {
  field: 'email' | 'phone_number' | 'whatsapp_number';
  old_value: string;
  new_value: string;
  expires_at: string;
  message: string;
}

const revertPath = (token: string) => `/api/v1/contact_reverts/${encodeURIComponent(token)}`;

// The link works without a session, and a stored one of another account must not ride along: no Authorization.

/** Reads what the link would undo; never acts (a 422 carries the server's reason in `message`). */
export const readContactRevert = (token: string) =>
  http.get<ContactRevert>(revertPath(token), { skipAuth: true }).then((r) => r.data);

/** Puts the old value back and signs every device of the account out; answers the sentence to show. */
export const applyContactRevert = (token: string) =>
  http.post<{ message: string }>(revertPath(token), undefined, { skipAuth: true }).then((r) => r.data);
