import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useReachable } from 'shared-api';
import { noNeedToPayAgain, paymentsAwaitingTitle, paymentsUnavailable } from 'shared-api/texts';
import { OfflineNote } from 'shared-ui/network';
import { Button, HintText } from 'shared-ui';
import { formatNaira } from 'shared-ui/format';
import { DialogActions } from 'shared-ui/dialog';
import { amountToInput, parseAmountInput } from '../../../lib/amount';
import { newMessages, RECOMMENDED_MIN_FUNDING } from '../../../lib/texts';
import { awaitingCovers, useAwaitingPayments } from 'shared-ui/awaiting-payments';
import { usePendingPayment } from '../hooks/use-pending-payment';
import { AmountField } from './amount-field';
import { PaymentMethodChoice } from './payment-method-choice';

export type FundAccountFormProps = {
  /** The amount asked (an amount due), unless transfers awaiting confirmation already cover it. */
  initialAmount?: number;
  busy: boolean;
  onSubmit: (amount: number) => void;
  onCancel: () => void;
  onViewPending: () => void;
};

export function FundAccountForm({ initialAmount, busy, onSubmit, onCancel, onViewPending }: FundAccountFormProps) {
  // Funding always goes to the API: offline or with the service down, the button says why it cannot be used.
  const reach = useReachable();
  // What the customer typed; until then the form offers the amount asked less what was already sent.
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const pending = usePendingPayment();
  const awaiting = useAwaitingPayments();
  // Money already sent covers what is asked: waiting is the answer, and the same amount is not offered again.
  const covered = awaitingCovers(awaiting, initialAmount);
  const sent = awaiting.reduce((sum, line) => sum + line.amount, 0);
  // Also once the fundings arrive after the dialog opened.
  const text = typed ?? (initialAmount === undefined || covered ? '' : amountToInput(initialAmount - sent));

  // The shared Dialog focuses its first focusable element (the Close button) after this effect runs,
  // even with data-autofocus set; start where the customer acts instead (typing, or waiting), once it is done.
  useEffect(() => {
    const timer = setTimeout(() => {
      const wait = formRef.current?.querySelector<HTMLButtonElement>('button[data-wait]');
      (covered ? wait : inputRef.current)?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [covered]);

  const handleChange = (next: string) => {
    setTyped(next);
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
    <form ref={formRef} onSubmit={handleSubmit} noValidate>
      {covered && (
        // Said first, before anything else in the dialog: nobody transfers the same money twice.
        <p style={{ marginTop: 0 }}>
          <strong>{noNeedToPayAgain(awaiting.map((line) => line.text).join('; '))}</strong>
        </p>
      )}
      {pending && (
        <HintText style={{ marginBottom: 12 }}>
          You have a payment in progress ({formatNaira(pending.amount)}, reference {pending.reference}).{' '}
          <Button variant="link" onClick={onViewPending}>
            View its payment details
          </Button>
        </HintText>
      )}
      {awaiting.length > 0 && !covered && (
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
        {!covered && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button
          type="submit"
          variant={covered ? 'secondary' : 'primary'}
          busy={busy}
          disabled={!reach.reachable}
          aria-describedby={reach.reachable ? undefined : 'fund-offline'}
        >
          Continue
        </Button>
        {covered && (
          <Button data-wait onClick={onCancel} disabled={busy}>
            {newMessages.funding.wait}
          </Button>
        )}
      </DialogActions>
      {!reach.reachable && <OfflineNote id="fund-offline">{paymentsUnavailable(reach)}</OfflineNote>}
    </form>
  );
}
