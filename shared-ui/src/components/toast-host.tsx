import { useEffect, useLayoutEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { expireNotification, subscribeToasts, toastState, type Notification } from '../lib/notify';
import { theme } from '../theme/theme';
import { useTopDialogToastSlot } from '../lib/dialog-stack';
import type { ToastPosition } from 'react-hot-toast';

export type ToastHostProps = {
  /** How long a message stays, unless it sets its own. */
  duration: number;
  /** @deprecated Ignored: the messages appear where the host is placed. Accepted so older callers still compile. */
  position?: ToastPosition;
};

type ToastModule = typeof import('react-hot-toast');

/**
 * The messages take their own room in the layout: nothing the customer reads or taps is ever under one. Where the
 * host is placed (the shell: under the navbar, in its sticky header) they push the page down instead of covering it.
 */
const Strip = styled.div`
  display: grid;
  justify-items: center;
  gap: 8px;
  &:not(:empty) {
    padding: 8px 16px;
  }
`;

const Message = styled.p<{ $error: boolean }>`
  margin: 0;
  padding: 12px 16px;
  border-radius: 8px;
  width: min(360px, 100%);
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
 * Inside an open modal dialog the page behind is out of reach, for the eye and for a screen reader: the messages move
 * into the top-most dialog, under its actions, and scroll into its view.
 */
function Placed({ children, count }: { children: ReactNode; count: number }) {
  const slot = useTopDialogToastSlot();
  const seen = useRef(0);
  useLayoutEffect(() => {
    if (slot && count > seen.current) slot.scrollIntoView?.({ block: 'nearest' });
    seen.current = count;
  }, [slot, count]);
  return slot ? createPortal(children, slot) : <>{children}</>;
}

const Toast = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  width: min(360px, 100%);
  padding: 10px 14px;
  border-radius: 8px;
  background: #fff;
  color: ${theme.colors.text};
  box-shadow: 0 3px 10px rgba(0, 0, 0, 0.15);
  line-height: 1.4;
  & > :first-child {
    flex-shrink: 0;
  }
`;

/**
 * react-hot-toast's toasts (its timers, icons and live regions: each message a polite status), laid out by the host
 * rather than floating over the page, and without the library's entrance slide, which would pass over the navbar.
 */
function LibraryToasts({ toast, duration }: { toast: ToastModule; duration: number }) {
  const { toasts, handlers } = toast.useToaster({ duration });
  const visible = toasts.filter((t) => t.visible);
  return (
    <Placed count={visible.length}>
      <Strip onMouseEnter={handlers.startPause} onMouseLeave={handlers.endPause}>
        {visible.map((t) => (
          <Toast key={t.id}>
            <toast.ToastIcon toast={t} />
            <div {...t.ariaProps}>{toast.resolveValue(t.message, t)}</div>
          </Toast>
        ))}
      </Strip>
    </Placed>
  );
}

/**
 * Where `notify`'s messages appear; the shell mounts one. It renders react-hot-toast's toasts once the library has
 * been downloaded for the first message, and the messages themselves in a live region if that download failed.
 */
export function ToastHost({ duration }: ToastHostProps) {
  // The prerendered page (shared-ui/prerender) has no message yet, as the browser's first render.
  const state = useSyncExternalStore(subscribeToasts, toastState, toastState);
  if (state.status === 'ready') return <LibraryToasts toast={state.toast} duration={duration} />;
  const pending = state.status === 'failed' ? state.pending : [];
  // Always in the page while messages may come, so screen readers announce what is added to it.
  return (
    <Placed count={pending.length}>
      <Strip role="status" aria-live="polite">
        {pending.map((n) => (
          <FallbackMessage key={n.key} notification={n} duration={duration} />
        ))}
      </Strip>
    </Placed>
  );
}
