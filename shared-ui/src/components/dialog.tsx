import { useId, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
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

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  background: rgba(16, 24, 40, 0.55);
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 12px;
`;

const Panel = styled.div`
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  border-radius: 12px;
  width: min(480px, 100%);
  max-height: calc(100vh - 24px);
  /* A phone's 100vh includes the address bar it is showing: the visible height keeps the panel's foot on screen. */
  max-height: calc(100dvh - 24px);
  overflow-y: auto;
  padding: 20px;
  box-shadow: 0 12px 32px rgba(0, 0, 0, 0.25);
  /* A long email address or reference wraps inside the panel instead of running off a 360 px screen. */
  overflow-wrap: anywhere;
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

const BASE_Z_INDEX = 1000;

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

function focusables(panel: HTMLElement): HTMLElement[] {
  return Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/**
 * A modal dialog: labelled by its title, focus moved in and trapped, Escape closes, and focus goes
 * back to whatever opened it. When dialogs stack, only the top one listens to the keyboard and the
 * ones below are inert until it closes.
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
  const panelRef = useRef<HTMLDivElement>(null);
  const [toastSlot, setToastSlot] = useState<HTMLDivElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();
  const [id] = useState(dialogStack.nextId);
  const closeRef = useRef({ onClose, preventClose });
  const initialFocusRef = useRef(initialFocus);
  initialFocusRef.current = initialFocus;
  closeRef.current = { onClose, preventClose };
  const openStack = useSyncExternalStore(dialogStack.subscribe, dialogStack.get, dialogStack.get);
  const position = openStack.findIndex((entry) => entry.id === id);
  const isTop = position >= 0 && position === openStack.length - 1;

  // Layout effect: the dialog is on the stack before anything paints or another dialog opens.
  useLayoutEffect(() => {
    if (!open) return undefined;
    const opener = dialogStack.currentOpener();
    const panel = panelRef.current;
    // A field the dialog marks wins over the first focusable element (usually the Close button).
    const first =
      panel?.querySelector<HTMLElement>('[data-autofocus]') ??
      panel?.querySelector<HTMLElement>(initialFocusRef.current === 'title' ? 'h2' : FOCUSABLE);
    (first ?? panel)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        if (!closeRef.current.preventClose) closeRef.current.onClose();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = focusables(panel);
      if (items.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const firstEl = items[0]!;
      const lastEl = items[items.length - 1]!;
      const active = document.activeElement;
      // Focus that escaped the panel (a click on the page behind, a dialog that closed) comes back in.
      if (!(active instanceof Node) || !panel.contains(active)) {
        event.preventDefault();
        (event.shiftKey ? lastEl : firstEl).focus();
      } else if (event.shiftKey && (active === firstEl || !items.includes(active as HTMLElement))) {
        // From the first control, or from the panel or its title (focused, not in the tab order), back to the last.
        event.preventDefault();
        lastEl.focus();
      } else if (!event.shiftKey && active === lastEl) {
        event.preventDefault();
        firstEl.focus();
      }
    };
    dialogStack.push({ id, onKeyDown });
    return () => {
      dialogStack.remove(id);
      const stack = dialogStack.get();
      const top = stack[stack.length - 1];
      const topPanel = top ? document.querySelector<HTMLElement>(`[data-dialog-id="${top.id}"]`) : null;
      // The dialog below is still inert until it re-renders, and an inert element cannot take focus.
      topPanel?.parentElement?.removeAttribute('inert');
      if (opener?.isConnected && (!topPanel || topPanel.contains(opener))) {
        opener.focus();
        if (!topPanel) focusPageHeadingIfRemoved(opener);
      } else if (topPanel && !topPanel.contains(document.activeElement)) {
        // The opener is gone or behind the dialog still open: focus stays inside the dialog now on top.
        (topPanel.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(topPanel)[0] ?? topPanel).focus();
      } else if (!topPanel) {
        focusPageHeading();
      }
    };
  }, [open, id]);

  useLayoutEffect(() => {
    if (!toastSlot) return undefined;
    dialogStack.setToastSlot(id, toastSlot);
    return () => dialogStack.setToastSlot(id, null);
  }, [toastSlot, id]);

  if (!open) return null;
  return createPortal(
    <Backdrop
      // Later dialogs above earlier ones; the ones below cannot be clicked or focused until it closes.
      style={{ zIndex: BASE_Z_INDEX + Math.max(position, 0) }}
      inert={position >= 0 && !isTop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !preventClose) onClose();
      }}
    >
      <Panel
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        data-dialog-id={id}
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
      </Panel>
    </Backdrop>,
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
