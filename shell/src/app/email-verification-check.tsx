import type { ComponentType } from 'react';
import { useEmailVerificationNeeded } from 'shared-api/verification';
import { loadRemoteModule } from '../features/remotes/remote-loader';
import { useLoadedComponent } from '../lib/use-loaded-component';

const loadGate = () => loadRemoteModule<{ default: ComponentType }>('profile', './email-verification');

/**
 * Asks shared-api whether the customer's email needs verifying, and fetches the profile area's dialog only when it
 * does. A chunk of its own (with `shared-api/verification`), which the gate fetches once armed, so on a slow network
 * it never shares the link with the screen's own code and data.
 */
export default function EmailVerificationCheck() {
  const needed = useEmailVerificationNeeded();
  const Gate = useLoadedComponent(loadGate, needed);
  return needed && Gate ? <Gate /> : null;
}
