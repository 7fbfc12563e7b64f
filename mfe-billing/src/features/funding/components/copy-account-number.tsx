import { Button, notify } from 'shared-ui';
import { messages } from '../../../lib/messages';

export type CopyAccountNumberProps = { accountNumber: string };

export function CopyAccountNumber({ accountNumber }: CopyAccountNumberProps) {
  const copy = async () => {
    try {
      // Missing outside secure contexts and on some older phones: that is a failure to report, not a crash.
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(accountNumber);
      notify.success(messages.accountCopied);
    } catch {
      notify.error(messages.copyFailed);
    }
  };
  return (
    <Button
      variant="secondary"
      onClick={copy}
      aria-label="Copy account number"
      style={{ minHeight: 36, padding: '4px 12px' }}
    >
      Copy
    </Button>
  );
}
