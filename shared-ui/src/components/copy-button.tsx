import { useEffect, useState } from 'react';
import styled from 'styled-components';
// Through the package, the singleton every area shares, not bundled again into each area that shows a Copy button.
import { Button, notify, theme, VisuallyHidden } from 'shared-ui';

export type CopyButtonProps = {
  /** The text put on the clipboard. */
  value: string;
  /** The button's accessible name, naming what it copies ("Copy reference"). */
  label: string;
  /** Announced in full, and shown as "Copied" beside the button, once the value is on the clipboard. */
  copiedMessage: string;
  failedMessage: string;
};

/** How long "Copied" stays beside the button: the toasts' own time on screen. */
export const COPIED_SHOWN_MS = 5_000;

const Copied = styled.span`
  color: ${theme.colors.success};
  font-size: 0.875rem;
  font-weight: 600;
  white-space: nowrap;
`;

/**
 * A small "Copy" button beside a value a customer has to type elsewhere (an account number, a reference). Success is
 * said beside it ("Copied", and the whole message to a screen reader), not in a toast, which would cover what the
 * customer is copying from (Payment Details on a phone); a failure is an error, a toast as every error (spec section 8).
 */
export function CopyButton({ value, label, copiedMessage, failedMessage }: CopyButtonProps) {
  const [copied, setCopied] = useState(0);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(0), COPIED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      // Missing outside secure contexts and on some older phones: that is a failure to report, not a crash.
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(value);
      // A new count each time, so a second copy is announced again and keeps "Copied" its full time.
      setCopied((n) => n + 1);
    } catch {
      setCopied(0);
      notify.error(failedMessage);
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={copy} aria-label={label} style={{ minHeight: 36, padding: '4px 12px' }}>
        Copy
      </Button>
      {/* Always in the page, so what is put in it is announced. */}
      <span role="status" aria-live="polite">
        {copied > 0 && (
          <Copied key={copied}>
            <span aria-hidden="true">Copied</span>
            <VisuallyHidden>{copiedMessage}</VisuallyHidden>
          </Copied>
        )}
      </span>
    </>
  );
}
