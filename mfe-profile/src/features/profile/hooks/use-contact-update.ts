import { serverMessageOr, sessionStore, type User } from 'shared-api';
import { recheckEmailStatus, setEmailVerified } from 'shared-api/verification';
import { notify } from 'shared-ui';
import { useSingleFlight } from 'shared-ui/single-flight';
import { updateStoredUser } from '../../../lib/merge-user';
import { changeEmail, changePhoneNumber, changeWhatsappNumber, type ProfileChangeResponse } from '../api/change-contact';

export type ContactField = 'email' | 'phone_number' | 'whatsapp_number';

const contacts: Record<
  ContactField,
  { send: (value: string, currentPassword: string) => Promise<ProfileChangeResponse>; failure: string; success: string }
> = {
  email: {
    send: changeEmail,
    failure: 'Failed to update email',
    success: 'Email updated successfully!',
  },
  phone_number: {
    send: changePhoneNumber,
    failure: 'Failed to update phone number',
    success: 'Phone number updated successfully!',
  },
  whatsapp_number: {
    send: changeWhatsappNumber,
    failure: 'Failed to update WhatsApp number',
    success: 'WhatsApp number updated successfully!',
  },
};

function textOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

/** Send one contact change (spec section 7) and keep the stored user in step with the server. */
export function useContactUpdate(field: ContactField) {
  const [busy, run] = useSingleFlight();
  const contact = contacts[field];

  const save = (value: string, currentPassword: string) =>
    run(async () => {
      try {
        const before = sessionStore.getState().user?.[field];
        const response = await contact.send(value, currentPassword);
        const change: Partial<User> = { [field]: value };
        // A code proved the old WhatsApp number, not this one; a server that says otherwise in its user wins.
        if (field === 'whatsapp_number' && value !== before) change.whatsapp_verified = false;
        updateStoredUser(response?.user, change);
        // A new address may need proving again; only the server can say so, in its answer or when asked.
        const verified = response?.user?.email_verified;
        const known = typeof verified === 'boolean' ? verified : undefined;
        if (field === 'email' && value !== before) void recheckEmailStatus(known);
        else if (field === 'email' && known !== undefined) setEmailVerified(known);
        notify.success(textOr(response?.message, contact.success));
        return true;
      } catch (error) {
        notify.error(serverMessageOr(error, contact.failure));
        return false;
      }
    });

  return { busy, save };
}
