import { useEffect, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import type { ToastPosition } from 'react-hot-toast';
import { expireNotification, subscribeToasts, toastState, type Notification } from '../lib/notify';
import { theme } from '../theme/theme';

export type ToastHostProps = {
  position: ToastPosition;
  /** How long a message stays, unless it sets its own. */
  duration: number;
};

const Region = styled.div`
  position: fixed;
  top: 16px;
  left: 50%;
  transform: translateX(-50%);
  z-index: 9999;
  display: grid;
  gap: 8px;
  width: min(360px, calc(100vw - 32px));
`;

const Message = styled.p<{ $error: boolean }>`
  margin: 0;
  padding: 12px 16px;
  border-radius: 8px;
  background: #fff;
  color: ${theme.colors.text};
  border-left: 4px solid ${({ $error }) => ($error ? theme.colors.danger : theme.colors.success)};
  box-shadow: 0 3px 10px rgba(0, 0, 0, 0.15);
`;

function FallbackMessage({ notification, duration }: { notification: Notification; duration: number }) {
  useEffect(() => {
    const timer = setTimeout(() => expireNotification(notification.key), notification.options?.duration ?? duration);
    return () => clearTimeout(timer);
  }, [notification, duration]);
  return <Message $error={notification.kind === 'error'}>{notification.message}</Message>;
}

/**
 * Where `notify`'s messages appear; the shell mounts one. It renders react-hot-toast's Toaster once the library has
 * been downloaded for the first message, and the messages themselves if that download failed.
 */
export function ToastHost({ position, duration }: ToastHostProps) {
  const state = useSyncExternalStore(subscribeToasts, toastState);
  if (state.status === 'ready') {
    const { Toaster } = state.toast;
    return <Toaster position={position} toastOptions={{ duration }} />;
  }
  // Always in the page while messages may come, so screen readers announce what is added to it.
  return (
    <Region role="status" aria-live="polite">
      {state.status === 'failed' &&
        state.pending.map((n) => <FallbackMessage key={n.key} notification={n} duration={duration} />)}
    </Region>
  );
}
