import { Button, notify } from 'shared-ui';

export type CopyButtonProps = {
  /** The text put on the clipboard. */
  value: string;
  /** The button's accessible name, naming what it copies ("Copy reference"). */
  label: string;
  copiedMessage: string;
  failedMessage: string;
};

/** A small "Copy" button beside a value a customer has to type elsewhere (an account number, a reference). */
export function CopyButton({ value, label, copiedMessage, failedMessage }: CopyButtonProps) {
  const copy = async () => {
    try {
      // Missing outside secure contexts and on some older phones: that is a failure to report, not a crash.
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(value);
      notify.success(copiedMessage);
    } catch {
      notify.error(failedMessage);
    }
  };
  return (
    <Button variant="secondary" onClick={copy} aria-label={label} style={{ minHeight: 36, padding: '4px 12px' }}>
      Copy
    </Button>
  );
}
