import { EmailVerificationGate } from '../features/email-verification/components/email-verification-gate';
import { ProfilePage } from '../features/profile/components/profile-page';

/** The standalone dev host has no shell, so mount the gate next to the page as the shell would. */
export default function StandaloneProfile() {
  return (
    <>
      <ProfilePage />
      <EmailVerificationGate />
    </>
  );
}
