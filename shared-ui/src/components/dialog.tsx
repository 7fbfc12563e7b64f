import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { theme } from '../theme/theme';

export type DialogProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Optional text read after the title. */
  description?: ReactNode;
  /** Set while a request runs so Escape and the backdrop do not abandon it half way. */
  preventClose?: boolean;
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
  z-index: 1000;
`;

const Panel = styled.div`
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  border-radius: 12px;
  width: min(480px, 100%);
  max-height: calc(100vh - 24px);
  overflow-y: auto;
  padding: 20px;
  box-shadow: 0 12px 32px rgba(0, 0, 0, 0.25);
  &:focus { outline: none; }
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 12px;
  h2 { margin: 0; font-size: 1.25rem; }
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
  &:focus-visible { outline: 3px solid ${theme.colors.focus}; }
`;

/**
 * A modal dialog: labelled by its title, focus moved in and trapped, Escape closes, and focus goes
 * back to whatever opened it.
 */
export function Dialog({ open, title, onClose, children, description, preventClose = false }: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const closeRef = useRef({ onClose, preventClose });
  closeRef.current = { onClose, preventClose };

  useEffect(() => {
    if (!open) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    // A field the dialog marks wins over the first focusable element (usually the Close button).
    const first = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        if (!closeRef.current.preventClose) {
          event.stopPropagation();
          closeRef.current.onClose();
        }
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const focusable = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (focusable.length === 0) return;
      const firstEl = focusable[0]!;
      const lastEl = focusable[focusable.length - 1]!;
      if (event.shiftKey && (document.activeElement === firstEl || document.activeElement === panel)) {
        event.preventDefault();
        lastEl.focus();
      } else if (!event.shiftKey && document.activeElement === lastEl) {
        event.preventDefault();
        firstEl.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <Backdrop
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
      >
        <Header>
          <h2 id={titleId}>{title}</h2>
          <CloseButton type="button" aria-label="Close" onClick={onClose} disabled={preventClose}>
            ×
          </CloseButton>
        </Header>
        {description && <p id={descriptionId}>{description}</p>}
        {children}
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
