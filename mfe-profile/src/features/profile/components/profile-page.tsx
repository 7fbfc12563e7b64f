import { useState } from 'react';
import styled from 'styled-components';
import { useSession } from 'shared-api';
import { useEmailStatus } from 'shared-api/verification';
import { Button, Card, Page, useHydrated, VisuallyHidden } from 'shared-ui';
import { StatusBadge } from 'shared-ui/status-badge';
import { formatDate } from 'shared-ui/format';
import { Skeleton, TextSkeleton } from 'shared-ui/skeleton';
import { formatPhoneNumber } from 'shared-ui/phone';
import { MoneyMessageSettings } from '../../money-messages/components/money-message-settings';
import { EmailVerificationDialog } from '../../email-verification/components/email-verification-dialog';
import { WhatsappVerificationDialog } from '../../whatsapp-verification/components/whatsapp-verification-dialog';
import { ContactRow } from './contact-row';
import { EditEmailDialog } from './edit-email-dialog';
import { EditPhoneDialog } from './edit-phone-dialog';
import { useLogout } from '../hooks/use-logout';

type OpenDialog = 'email' | 'phone_number' | 'whatsapp_number' | 'verify-email' | 'verify-whatsapp' | null;

const Details = styled.dl`
  margin: 0;
`;

const Title = styled.h2`
  font-size: 1.1rem;
  margin: 0 0 4px;
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
`;

function EditButton({ what, onClick }: { what: string; onClick: () => void }) {
  return (
    <Button variant="secondary" onClick={onClick}>
      Edit<VisuallyHidden> {what}</VisuallyHidden>
    </Button>
  );
}

/**
 * The rows of the customer's details in their order: each label, and for the frame shown before the session is read
 * the width of its placeholder value and of its action buttons (like a customer's details with Edit buttons).
 */
const ROWS: Record<'name' | 'email' | 'phone' | 'whatsapp' | 'joined', { label: string; chars: number; actions: string[] }> = {
  name: { label: 'Name', chars: 13, actions: [] },
  email: { label: 'Email', chars: 20, actions: ['4.5rem'] },
  phone: { label: 'Phone number', chars: 17, actions: ['4.5rem'] },
  whatsapp: { label: 'WhatsApp number', chars: 17, actions: ['5.5rem', '4.5rem'] },
  joined: { label: 'Joined', chars: 11, actions: [] },
};

/**
 * The page before the session is read: the details kept in this browser cannot be in a render made ahead of time,
 * so that render and the first one here show the same frame.
 */
function ProfileFrame() {
  return (
    <Page>
      <h1>Profile</h1>
      <Card aria-labelledby="profile-details-title">
        <Title id="profile-details-title">Your details</Title>
        <VisuallyHidden role="status">Loading your details…</VisuallyHidden>
        <Details aria-hidden="true">
          {Object.values(ROWS).map((row) => (
            <ContactRow key={row.label} label={row.label} value={<TextSkeleton chars={row.chars} />}>
              {row.actions.length > 0 &&
                row.actions.map((width, i) => <Skeleton key={i} $height={44} $width={width} />)}
            </ContactRow>
          ))}
        </Details>
      </Card>
    </Page>
  );
}

/** Spec section 2, /profile: the customer's contacts, their edit dialogs, verification and logout. */
export function ProfilePage() {
  const user = useSession((s) => s.user);
  const emailStatus = useEmailStatus((s) => s.status);
  const [open, setOpen] = useState<OpenDialog>(null);
  const logout = useLogout();
  const close = () => setOpen(null);
  const hydrated = useHydrated();

  if (!hydrated) return <ProfileFrame />;
  if (!user) {
    return (
      <Page>
        <h1>Profile</h1>
        <p>You are not signed in.</p>
      </Page>
    );
  }

  const whatsappVerified = user.whatsapp_verified === true || String(user.whatsapp_verified) === 'true';

  return (
    <Page>
      <h1>Profile</h1>
      <Card aria-labelledby="profile-details-title">
        <Title id="profile-details-title">Your details</Title>
        <Details>
          <ContactRow label={ROWS.name.label} value={user.name || '—'} />
          <ContactRow label={ROWS.email.label} value={user.email || '—'}>
            {emailStatus === 'unverified' && (
              <>
                <StatusBadge $tone="warning">Not verified</StatusBadge>
                <Button variant="secondary" onClick={() => setOpen('verify-email')}>
                  Verify<VisuallyHidden> email</VisuallyHidden>
                </Button>
              </>
            )}
            {emailStatus === 'verified' && <StatusBadge $tone="online">Verified</StatusBadge>}
            {/* The badge's place is kept while the status is on its way: on a phone its arrival would push the rows down. */}
            {(emailStatus === 'unknown' || emailStatus === 'checking') && (
              <StatusBadge $tone="neutral" aria-hidden="true">
                <TextSkeleton chars={8} />
              </StatusBadge>
            )}
            <EditButton what="email" onClick={() => setOpen('email')} />
          </ContactRow>
          <ContactRow label={ROWS.phone.label} value={formatPhoneNumber(user.phone_number) || '—'}>
            <EditButton what="phone number" onClick={() => setOpen('phone_number')} />
          </ContactRow>
          <ContactRow label={ROWS.whatsapp.label} value={formatPhoneNumber(user.whatsapp_number) || '—'}>
            {whatsappVerified ? (
              <StatusBadge $tone="online">Verified</StatusBadge>
            ) : (
              <>
                <StatusBadge $tone="warning">Not verified</StatusBadge>
                <Button variant="secondary" onClick={() => setOpen('verify-whatsapp')}>
                  Verify<VisuallyHidden> WhatsApp number</VisuallyHidden>
                </Button>
              </>
            )}
            <EditButton what="WhatsApp number" onClick={() => setOpen('whatsapp_number')} />
          </ContactRow>
          <ContactRow label={ROWS.joined.label} value={formatDate(user.created_at)} />
        </Details>
      </Card>
      <MoneyMessageSettings />
      <Footer>
        <Button variant="danger" onClick={logout}>
          Log out
        </Button>
      </Footer>

      {open === 'email' && <EditEmailDialog currentEmail={user.email ?? ''} onClose={close} />}
      {(open === 'phone_number' || open === 'whatsapp_number') && (
        <EditPhoneDialog field={open} currentNumber={user[open] ?? ''} onClose={close} />
      )}
      {open === 'verify-email' && <EmailVerificationDialog onClose={close} onVerified={close} />}
      {open === 'verify-whatsapp' && <WhatsappVerificationDialog onClose={close} />}
    </Page>
  );
}
