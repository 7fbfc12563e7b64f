import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useOnline } from 'shared-api';
import { paymentsAwaitingTitle, paymentsNeedConnection } from 'shared-api/texts';
import { OfflineNote } from 'shared-ui/network';
import { Button, HintText } from 'shared-ui';
import { formatNaira } from 'shared-ui/format';
import { DialogActions } from 'shared-ui/dialog';
import { amountToInput, parseAmountInput } from '../../../lib/amount';
import { RECOMMENDED_MIN_FUNDING } from '../../../lib/texts';
import { useAwaitingPayments } from 'shared-ui/awaiting-payments';
import { usePendingPayment } from '../hooks/use-pending-payment';
import { AmountField } from './amount-field';
import { PaymentMethodChoice } from './payment-method-choice';

export type FundAccountFormProps = {
  initialAmount?: number;
  busy: boolean;
  onSubmit: (amount: number) => void;
  onCancel: () => void;
  onViewPending: () => void;
};

export function FundAccountForm({ initialAmount, busy, onSubmit, onCancel, onViewPending }: FundAccountFormProps) {
  // Funding always goes to the API: offline, the button says why it cannot be used.
  const online = useOnline();
  const [text, setText] = useState(() => amountToInput(initialAmount));
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const pending = usePendingPayment();
  const awaiting = useAwaitingPayments();

  // The shared Dialog focuses its first focusable element (the Close button) after this effect runs,
  // even with data-autofocus set; start where the customer types instead, once it is done.
  useEffect(() => {
    const timer = setTimeout(() => inputRef.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, []);

  const handleChange = (next: string) => {
    setText(next);
    // Once an error is shown, keep it in step with what is typed rather than leaving a stale message.
    if (error) {
      const result = parseAmountInput(next);
      setError(result.ok ? undefined : result.error);
    }
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const result = parseAmountInput(text);
    if (!result.ok) {
      setError(result.error);
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    onSubmit(result.amount);
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      {pending && (
        <HintText style={{ marginBottom: 12 }}>
          You have a payment in progress ({formatNaira(pending.amount)}, reference {pending.reference}).{' '}
          <Button variant="link" onClick={onViewPending}>
            View its payment details
          </Button>
        </HintText>
      )}
      {awaiting.length > 0 && (
        // Money already sent: said before an amount is typed, so nobody transfers twice.
        <HintText as="ul" aria-label={paymentsAwaitingTitle} style={{ margin: '0 0 12px', paddingLeft: 0, listStyle: 'none' }}>
          {awaiting.map((line) => (
            <li key={line.key}>
              <strong>{line.text}</strong>
            </li>
          ))}
        </HintText>
      )}
      <AmountField
        ref={inputRef}
        value={text}
        onChange={handleChange}
        error={error}
        hint={`We recommend funding at least ${formatNaira(RECOMMENDED_MIN_FUNDING)}.`}
      />
      <PaymentMethodChoice />
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" busy={busy} disabled={!online} aria-describedby={online ? undefined : 'fund-offline'}>
          Continue
        </Button>
      </DialogActions>
      {!online && <OfflineNote id="fund-offline">{paymentsNeedConnection}</OfflineNote>}
    </form>
  );
}
