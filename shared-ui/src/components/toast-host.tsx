import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { expireNotification, notify, subscribeToasts, toastState, topDialog, type Notification } from '../lib/notify';
import { dismissMessage } from 'shared-api/texts';
import { theme } from '../theme/theme';
import { dialogStack, useTopDialogToastSlot } from '../lib/dialog-stack';
import type { ToastPosition } from 'react-hot-toast';

export type ToastHostProps = {
  /** How long a message stays, unless it sets its own. */
  duration: number;
  /** @deprecated Ignored: the messages appear where the host is placed. Accepted so older callers still compile. */
  position?: ToastPosition;
};

type ToastModule = typeof import('react-hot-toast');

/** At most this many messages at once: the newest; older ones are dismissed. */
export const MAX_TOASTS = 2;
const GUTTER_PX = 8;
/** Clear of the screen's edge, and on a phone of the chat link's tab in the edge band (shell). */
const EDGE_PX = 16;
const SIDE_BAND_PX = 32;

/**
 * Where the messages sit: a fixed layer over the page, so a message never moves anything (no layout shift), at the
 * foot of the screen on a page (the navbar and the page's headings are at its top), and beside the top dialog when
 * one is open (below it, else above it, else just under its title), clear of its title, Close and actions.
 */
type Anchor = { edge: 'top' | 'bottom'; px: number };
const PAGE_ANCHOR: Anchor = { edge: 'bottom', px: EDGE_PX };

const Layer = styled.div`
  position: fixed;
  left: ${SIDE_BAND_PX}px;
  right: ${SIDE_BAND_PX}px;
  height: 0;
  z-index: 950;
  pointer-events: none;
  dialog & {
    left: ${EDGE_PX}px;
    right: ${EDGE_PX}px;
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
  pointer-events: auto;
`;

/** The fallback region's messages, stacked from the anchor. */
const Stack = styled.div<{ $edge: Anchor['edge'] }>`
  position: absolute;
  left: 0;
  right: 0;
  ${({ $edge }) => $edge}: 0;
  display: flex;
  flex-direction: ${({ $edge }) => ($edge === 'bottom' ? 'column-reverse' : 'column')};
  align-items: center;
  gap: ${GUTTER_PX}px;
`;

function FallbackMessage({ notification, duration }: { notification: Notification; duration: number }) {
  useEffect(() => {
    const timer = setTimeout(() => expireNotification(notification.key), notification.options?.duration ?? duration);
    return () => clearTimeout(timer);
  }, [notification, duration]);
  return <Message $error={notification.kind === 'error'}>{notification.message}</Message>;
}

/** The room a panel as tall as the screen gives up above itself for messages (Dialog's `--toast-room`). */
const ROOM_PROPERTY = '--toast-room';

/**
 * Where the top dialog leaves room for messages of `height`: below it, else above it; a panel with room for neither
 * (as tall as a phone's screen: Payment Details) makes room above itself while they show, so a message never covers
 * its title, Close, an instruction, an amount or an action.
 */
function dialogAnchor(slot: HTMLElement, height: number): Anchor {
  const panel = slot.closest<HTMLElement>('dialog');
  if (!panel) return PAGE_ANCHOR;
  // Measured where it is when it gives up no room.
  panel.style.removeProperty(ROOM_PROPERTY);
  const box = panel.getBoundingClientRect();
  const room = height + 2 * GUTTER_PX;
  if (window.innerHeight - box.bottom >= room) return { edge: 'top', px: box.bottom + GUTTER_PX };
  if (box.top >= room) return { edge: 'bottom', px: window.innerHeight - box.top + GUTTER_PX };
  if (height > 0) {
    panel.style.setProperty(ROOM_PROPERTY, `${room}px`);
    return { edge: 'top', px: GUTTER_PX };
  }
  // Nothing to show yet (or the plain live region, whose height is not measured): just under the title's row.
  const header = panel.querySelector('h2')?.parentElement?.getBoundingClientRect();
  return { edge: 'top', px: Math.max(box.top, header?.bottom ?? box.top) + GUTTER_PX };
}

/** The anchor for messages `height` tall, following the top dialog's box as it changes (resize, scroll, content). */
function useAnchor(slot: HTMLElement | null, height: number): Anchor {
  const [anchor, setAnchor] = useState<Anchor>(PAGE_ANCHOR);
  useLayoutEffect(() => {
    if (!slot) {
      setAnchor(PAGE_ANCHOR);
      return undefined;
    }
    const place = () => {
      const next = dialogAnchor(slot, height);
      setAnchor((current) => (next.edge === current.edge && Math.abs(next.px - current.px) < 1 ? current : next));
    };
    place();
    const panel = slot.closest<HTMLElement>('dialog');
    const observer = typeof ResizeObserver === 'undefined' || !panel ? undefined : new ResizeObserver(place);
    if (panel) observer?.observe(panel);
    window.addEventListener('resize', place);
    panel?.addEventListener('scroll', place);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', place);
      panel?.removeEventListener('scroll', place);
      panel?.style.removeProperty(ROOM_PROPERTY);
    };
  }, [slot, height]);
  return anchor;
}

/**
 * Inside an open modal dialog the page behind is out of reach for a screen reader: the messages' layer moves into the
 * top-most dialog (still drawn beside its panel, see `dialogAnchor`). A change of the top dialog is a change of
 * scope: the messages raised before it belonged to what the customer left (`notify.leaveDialog`).
 */
function Placed({ children, height }: { children: (anchor: Anchor) => ReactNode; height: number }) {
  const slot = useTopDialogToastSlot();
  const anchor = useAnchor(slot, height);
  const top = useSyncExternalStore(dialogStack.subscribe, topDialog, () => 0);
  const previous = useRef(top);
  useEffect(() => {
    const from = previous.current;
    if (from === top) return;
    previous.current = top;
    // The page (0) is never closed: a dialog opening over it takes none of its older messages.
    notify.leaveDialog(from, from !== 0 && !dialogStack.get().some((entry) => entry.id === from));
  }, [top]);
  const layer = <Layer style={{ [anchor.edge]: anchor.px }}>{children(anchor)}</Layer>;
  return slot ? createPortal(layer, slot) : layer;
}

const Toast = styled.div<{ $edge: Anchor['edge'] }>`
  position: absolute;
  left: 0;
  right: 0;
  ${({ $edge }) => $edge}: 0;
  margin: 0 auto;
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
  pointer-events: auto;
  /* Stacked by transform, which moves no layout: a message arriving or leaving shifts nothing. */
  transition: transform 0.2s ease;
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
  & > :first-child {
    flex-shrink: 0;
  }
`;

/** Closes a message at once: at the foot of a phone's screen it may cover what the customer wants to read or tap. */
const Dismiss = styled.button`
  flex-shrink: 0;
  margin-left: auto;
  min-width: 44px;
  min-height: 44px;
  margin-block: -10px;
  margin-right: -10px;
  border: 0;
  background: none;
  color: ${theme.colors.text};
  font-size: 1.25rem;
  line-height: 1;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${theme.colors.primary};
    outline-offset: -4px;
  }
`;

/**
 * react-hot-toast's toasts (its timers, icons and live regions: each message a polite status), laid out by the host:
 * the newest MAX_TOASTS, each absolutely placed at the anchor and stacked by transform (the library's own offsets),
 * without the library's entrance slide.
 */
function LibraryToasts({ toast, duration }: { toast: ToastModule; duration: number }) {
  const { toasts, handlers } = toast.useToaster({ duration });
  // Newest first, as the library keeps them.
  const visible = toasts.filter((t) => t.visible);
  const shown = visible.slice(0, MAX_TOASTS);
  const overflow = visible.slice(MAX_TOASTS).map((t) => t.id).join(' ');
  useEffect(() => {
    if (overflow) overflow.split(' ').forEach((id) => toast.default.dismiss(id));
  }, [overflow, toast]);
  const height = shown.reduce((sum, t) => sum + (t.height ?? 0) + GUTTER_PX, 0);
  return (
    <Placed height={height}>
      {(anchor) => (
        // A message waits while the pointer or the keyboard is on it: a Dismiss button must not vanish under focus.
        <div
          onMouseEnter={handlers.startPause}
          onMouseLeave={handlers.endPause}
          onFocus={handlers.startPause}
          onBlur={handlers.endPause}
        >
          {shown.map((t) => {
            const offset = handlers.calculateOffset(t, { gutter: GUTTER_PX });
            const y = anchor.edge === 'bottom' ? -offset : offset;
            return (
              <Toast
                key={t.id}
                $edge={anchor.edge}
                style={{ transform: `translateY(${y}px)` }}
                ref={(el) => {
                  if (el && el.offsetHeight !== t.height) handlers.updateHeight(t.id, el.offsetHeight);
                }}
              >
                <toast.ToastIcon toast={t} />
                <div {...t.ariaProps}>{toast.resolveValue(t.message, t)}</div>
                <Dismiss type="button" aria-label={dismissMessage} onClick={() => toast.default.dismiss(t.id)}>
                  <span aria-hidden="true">×</span>
                </Dismiss>
              </Toast>
            );
          })}
        </div>
      )}
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
  const pending = state.status === 'failed' ? state.pending.slice(-MAX_TOASTS) : [];
  // Always in the page while messages may come, so screen readers announce what is added to it.
  return (
    <Placed height={0}>
      {(anchor) => (
        <Stack $edge={anchor.edge} role="status" aria-live="polite">
          {pending.map((n) => (
            <FallbackMessage key={n.key} notification={n} duration={duration} />
          ))}
        </Stack>
      )}
    </Placed>
  );
}
