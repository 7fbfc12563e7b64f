import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import { AreaErrorBoundary } from '../features/remotes/area-error-boundary';
import { loadRemoteModule } from '../features/remotes/remote-loader';

type GateModule = { default: ComponentType };

/**
 * The profile area's email-verification dialog, mounted on protected screens. It is an extra: if the
 * profile remote is down, the screen under it must still work, so failures render nothing.
 */
export function EmailVerificationGate() {
  const Gate = useMemo(() => lazy(() => loadRemoteModule<GateModule>('profile', './email-verification')), []);
  return (
    <AreaErrorBoundary fallback={() => null} onRetry={() => undefined}>
      <Suspense fallback={null}>
        <Gate />
      </Suspense>
    </AreaErrorBoundary>
  );
}
