import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
// Through the package, so every area's copy of this component uses the shared stack (src/lib/dialog-stack.ts).
import { dialogStack, focusHeading, theme } from 'shared-ui';

export type DialogProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Optional text read after the title. */
  description?: ReactNode;
  /** Set while a request runs so Escape and the backdrop do not abandon it half way. */
  preventClose?: boolean;
  /**
   * Where focus goes on opening when no element is marked `data-autofocus`: the first focusable element (default,
   * usually Close) or the title, for a dialog that is read before anything in it is worth pressing.
   */
  initialFocus?: 'first' | 'title';
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The native modal dialog (`showModal()`): the browser puts it in the top layer above every other dialog, makes the
 * page and the dialogs below inert, keeps Tab inside it and draws the backdrop.
 */
const NativeDialog = styled.dialog`
  box-sizing: border-box;
  padding: 20px;
  border: none;
  overflow-y: auto;
  /* A long email address or reference wraps inside the panel instead of running off a 360 px screen. */
  overflow-wrap: anywhere;
  border-radius: 12px;
  width: min(480px, calc(100% - 24px));
  max-width: none;
  /* Messages shown while a panel as tall as the screen is open get this room above it (ToastHost sets it). */
  top: var(--toast-room, 0px);
  max-height: calc(100vh - 24px - var(--toast-room, 0px));
  /* A phone's 100vh includes the address bar it is showing: the visible height keeps the panel's foot on screen. */
  max-height: calc(100dvh - 24px - var(--toast-room, 0px));
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  box-shadow: 0 12px 32px rgba(0, 0, 0, 0.25);
  &::backdrop {
    background: rgba(16, 24, 40, 0.55);
  }
  &:focus {
    outline: none;
  }
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 12px;
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  h2:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  h2:focus:not(:focus-visible) {
    outline: none;
  }
`;

const CloseButton = styled.button`
  min-width: 44px;
  min-height: 44px;
  border: none;
  background: none;
  font-size: 1.5rem;
  line-height: 1;
  cursor: pointer;
  color: ${theme.colors.muted};
  border-radius: ${theme.radius};
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
  }
`;

/** Holds the messages' layer while this dialog is on top (see ToastHost): fixed beside the panel, it takes no room. */
const ToastSlot = styled.div``;

/**
 * Where focus goes when the last dialog closes and nothing opened it (a dialog the page opened on its own) or its
 * opener has gone: the page's heading, so a keyboard or screen reader carries on from the page, not the document's start.
 */
function focusPageHeading() {
  const heading = document.querySelector<HTMLElement>('main h1, h1');
  if (heading) focusHeading(heading);
}

/** How long an opener given focus back is watched for removal by the action the dialog finished. */
const OPENER_WATCH_MS = 1000;

/**
 * The opener gets focus back, and the update the dialog's action caused may remove it just after (Verify, once the
 * number is verified): focus would then fall to the document's start, so the page's heading takes it instead.
 */
function focusPageHeadingIfRemoved(opener: HTMLElement) {
  const observer = new MutationObserver(() => {
    if (opener.isConnected) return;
    stop();
    const active = document.activeElement;
    if (active === null || active === document.body) focusPageHeading();
  });
  const onFocusIn = (event: FocusEvent) => {
    if (event.target !== opener) stop();
  };
  const timer = setTimeout(() => stop(), OPENER_WATCH_MS);
  function stop() {
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener('focusin', onFocusIn);
}

/** Focus back where the customer was once a dialog has gone: its opener, else into the dialog still open, else the page's heading. */
function returnFocus(opener: HTMLElement | null) {
  const stack = dialogStack.get();
  const top = stack[stack.length - 1];
  const topDialog = top ? document.querySelector<HTMLElement>(`[data-dialog-id="${top.id}"]`) : null;
  if (opener?.isConnected && (!topDialog || topDialog.contains(opener))) {
    opener.focus();
    if (!topDialog) focusPageHeadingIfRemoved(opener);
  } else if (topDialog && !topDialog.contains(document.activeElement)) {
    (topDialog.querySelector<HTMLElement>('[data-autofocus], ' + FOCUSABLE) ?? topDialog).focus();
  } else if (!topDialog) {
    focusPageHeading();
  }
}

/**
 * Tab from the last control goes round to the first (Shift+Tab from the first, the title or the dialog, to the last):
 * the browser keeps focus out of the inert page, but would hand it to its own toolbar in between.
 */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  const atStart = active === first || !items.includes(active as HTMLElement);
  if (!first || !last || (event.shiftKey ? !atStart : active !== last)) return;
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
}

/**
 * A modal dialog on the native `<dialog>` element: labelled by its title, focus moved in and kept there by the
 * browser, Escape closes (unless `preventClose`), and focus goes back to whatever opened it. Dialogs of different
 * areas stack in the browser's top layer; only the top one takes the keyboard.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  description,
  preventClose = false,
  initialFocus = 'first',
}: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [toastSlot, setToastSlot] = useState<HTMLDivElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();
  const [id] = useState(dialogStack.nextId);
  const latest = useRef({ onClose, preventClose, initialFocus });
  latest.current = { onClose, preventClose, initialFocus };

  // Layout effect: the dialog is shown and on the stack before anything paints or another dialog opens.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return undefined;
    const opener = dialogStack.currentOpener();
    dialog.showModal();
    // A field the dialog marks wins over the browser's choice (the first focusable element, usually Close).
    const first =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.querySelector<HTMLElement>(latest.current.initialFocus === 'title' ? 'h2' : FOCUSABLE);
    (first ?? dialog).focus();
    dialogStack.push(id);
    return () => {
      if (dialog.open) dialog.close();
      dialogStack.remove(id);
      returnFocus(opener);
    };
  }, [open, id]);

  useLayoutEffect(() => {
    if (!toastSlot) return undefined;
    dialogStack.setToastSlot(id, toastSlot);
    return () => dialogStack.setToastSlot(id, null);
  }, [toastSlot, id]);

  const escape = (event: KeyboardEvent | SyntheticEvent) => {
    // The parent's dialog (React bubbles through portals) and the browser's own close stay out of it.
    event.preventDefault();
    event.stopPropagation();
    if (!latest.current.preventClose) latest.current.onClose();
  };

  if (!open) return null;
  return createPortal(
    <NativeDialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      aria-modal="true"
      data-dialog-id={id}
      onKeyDown={(event) => {
        if (event.key === 'Escape') escape(event);
        else if (event.key === 'Tab') keepTabInside(event);
      }}
      // Escape the keydown did not see (the browser's own close request) closes through the same rule.
      onCancel={escape}
      onMouseDown={(event) => {
        // A press on the backdrop reaches the element itself, outside its box.
        const box = event.currentTarget.getBoundingClientRect();
        const outside =
          event.clientX < box.left ||
          event.clientX > box.right ||
          event.clientY < box.top ||
          event.clientY > box.bottom;
        if (event.target === event.currentTarget && outside && !preventClose) onClose();
      }}
    >
      <Header>
        <h2 id={titleId} tabIndex={-1}>
          {title}
        </h2>
        <CloseButton type="button" aria-label="Close" onClick={onClose} disabled={preventClose}>
          ×
        </CloseButton>
      </Header>
      {description && <p id={descriptionId}>{description}</p>}
      {children}
      {/* Messages shown while this dialog is on top: inside it for a screen reader, drawn clear of its title and actions. */}
      <ToastSlot ref={setToastSlot} />
    </NativeDialog>,
    document.body,
  );
}

export const DialogActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  justify-content: flex-end;
  margin-top: 16px;
`;
