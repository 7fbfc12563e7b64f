import { CopyButton } from 'shared-ui/payment';
import { messages } from '../../../lib/texts';

export type CopyAccountNumberProps = { accountNumber: string };

export function CopyAccountNumber({ accountNumber }: CopyAccountNumberProps) {
  return (
    <CopyButton
      value={accountNumber}
      label="Copy account number"
      copiedMessage={messages.accountCopied}
      failedMessage={messages.copyFailed}
    />
  );
}
