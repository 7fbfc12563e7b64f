import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import { useEmailVerificationNeeded } from 'shared-api/verification';
import { loadRemoteModule } from '../features/remotes/remote-loader';

type GateModule = { default: ComponentType };

/**
 * Asks shared-api whether the customer's email needs verifying, and fetches the profile area's dialog only when it
 * does. A chunk of its own (with `shared-api/verification`), which the gate fetches once armed, so on a slow network
 * it never shares the link with the screen's own code and data.
 */
export default function EmailVerificationCheck() {
  const needed = useEmailVerificationNeeded();
  const Gate = useMemo(() => lazy(() => loadRemoteModule<GateModule>('profile', './email-verification')), []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Gate />
    </Suspense>
  );
}
