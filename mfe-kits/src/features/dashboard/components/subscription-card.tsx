import { useLayoutEffect, useRef } from 'react';
import type { Kit, KitRenewal } from 'shared-api';
import { kitNextStep } from 'portal-rules';
import { latestDeadline, RENEW_WINDOW_DAYS } from 'portal-rules';
import { Button, Card, HintText, VisuallyHidden } from 'shared-ui';
import { StatusBadge } from 'shared-ui/status-badge';
import { formatDate, formatNaira } from 'shared-ui/format';
import { TextSkeleton } from 'shared-ui/skeleton';
import { DetailList, SectionTitle } from '../../../components/styles';
import { chargeVerb, newMessages, renewalPrice } from '../../../lib/texts';
import { nextStepText } from '../../../lib/next-step';
import { nextRenewal } from '../../../lib/renewal-price';
import { subscriptionSummary } from '../../../lib/renewal-rules';
import type { Connection } from '../../../lib/use-connection';
import type { PlanPrice } from '../../prices/api/get-plan-price';

export type SubscriptionCardProps = {
  /** Null while the kit loads: the card shows its frame. */
  kit: Kit | null;
  renewals: KitRenewal[];
  renewalsLoading: boolean;
  renewalsFailed: boolean;
  renewing: boolean;
  onRenew: () => void;
  /** Today, injectable so the 7-day rule can be checked at a fixed moment. */
  now?: Date;
  /** Offline or while the service cannot be reached, the charge waits and says why (the page's `useConnection`). */
  connection: Connection;
  /** The scheduled plan price change, or null. */
  priceChange: PlanPrice['scheduled'];
};

/**
 * What the customer has paid for (the latest receipt) and what they owe (an invoice issued after it), never one
 * mistaken for the other.
 */
export function SubscriptionCard({
  kit,
  renewals,
  renewalsLoading,
  renewalsFailed,
  renewing,
  onRenew,
  now,
  connection,
  priceChange: change,
}: SubscriptionCardProps) {
  const today = now ?? new Date();
  const { lastPaid, unpaid } = subscriptionSummary(renewals);
  const paidRunning = lastPaid !== null && new Date(lastPaid.end_date).getTime() >= today.getTime();
  const deadline = latestDeadline(renewals);
  // The lifecycle's one next step (portal-rules): Activate, Renew or Reactivate, or a sentence saying who acts.
  const step = kitNextStep(kit?.status ?? 'active', deadline, today);
  // Without the history the deadline is unknown, so the charge waits for it.
  // A payment always goes to the API: offline or while it cannot be reached, the hint says why the button cannot be used.
  const { usable, paymentsReason } = connection;
  // What the next period costs and from when a scheduled price change applies (issue 47).
  const next = kit && step.charge ? nextRenewal(kit) : null;
  const enabled = usable && kit !== null && !renewalsLoading && !renewalsFailed && step.ready;
  const label = step.charge ? chargeVerb[step.charge] : null;
  const titleRef = useRef<HTMLHeadingElement>(null);
  const actionRef = useRef<HTMLDivElement>(null);
  const wasEnabled = useRef(enabled);
  useLayoutEffect(() => {
    const active = document.activeElement;
    // A disabled button loses focus to the page's start (after a renewal, say): the card's title takes it instead.
    if (wasEnabled.current && !enabled && (active === null || active === document.body || actionRef.current?.contains(active))) {
      titleRef.current?.focus();
    }
    wasEnabled.current = enabled;
  }, [enabled]);

  return (
    <Card aria-labelledby="subscription-title">
      <SectionTitle id="subscription-title" ref={titleRef} tabIndex={-1}>
        Subscription details
      </SectionTitle>
      {(renewalsLoading && renewals.length === 0) || !kit ? (
        // The three lines of a subscription without an unpaid invoice, so the Renew button below stays put.
        <>
          <VisuallyHidden role="status">Loading subscription…</VisuallyHidden>
          <DetailList aria-hidden="true">
            {['Current period', 'Last payment', 'Renew by', renewalPrice.term].map((term) => (
              <div key={term} style={{ display: 'contents' }}>
                <dt>{term}</dt>
                <dd>
                  <TextSkeleton chars={25} />
                </dd>
              </div>
            ))}
          </DetailList>
        </>
      ) : (
        <DetailList>
          <dt>{paidRunning ? 'Current period' : 'Last paid period'}</dt>
          <dd>
            {lastPaid
              ? `${formatDate(lastPaid.start_date)} – ${formatDate(lastPaid.end_date)}`
              : 'No paid period yet'}
          </dd>
          <dt>Last payment</dt>
          <dd>{lastPaid ? formatNaira(lastPaid.amount) : '—'}</dd>
          {unpaid ? (
            <>
              <dt>Unpaid invoice</dt>
              <dd>
                <StatusBadge $tone="warning">unpaid</StatusBadge>{' '}
                {formatDate(unpaid.start_date)} – {formatDate(unpaid.end_date)}
              </dd>
              <dt>Amount due</dt>
              <dd>{formatNaira(unpaid.amount)}</dd>
              <dt>Pay by</dt>
              <dd>{formatDate(unpaid.deadline)}</dd>
            </>
          ) : (
            <>
              <dt>Renew by</dt>
              <dd>{deadline ? formatDate(deadline) : step.charge === 'activate' ? newMessages.notActivated : '—'}</dd>
            </>
          )}
          {next && !unpaid && (
            <>
              <dt>{renewalPrice.term}</dt>
              <dd data-testid="next-renewal">
                {deadline
                  ? renewalPrice.onDate(formatNaira(next.price), formatDate(deadline))
                  : renewalPrice.firstPeriod(formatNaira(next.price))}
              </dd>
            </>
          )}
          {next && change && (
            <>
              <dt>{renewalPrice.priceChangeTerm}</dt>
              <dd data-testid="price-change">{renewalPrice.fromDate(formatNaira(change.amount), formatDate(change.from))}</dd>
            </>
          )}
        </DetailList>
      )}
      <div ref={actionRef} style={{ marginTop: 16 }}>
        {label ? (
          <>
            <Button onClick={onRenew} disabled={!enabled} busy={renewing} aria-describedby="renew-hint">
              {label}
            </Button>
            <HintText id="renew-hint" style={{ marginTop: 8 }}>
              {paymentsReason
                ? paymentsReason
                : step.charge === 'activate'
                ? nextStepText(step)
                : enabled
                  ? `${label} pays for the next period from your wallet.`
                  : `You can renew when ${RENEW_WINDOW_DAYS} days or fewer remain before the deadline.`}
            </HintText>
          </>
        ) : (
          // No charge in this state: who acts next, in place of a button.
          <p role="status" style={{ margin: 0 }}>
            {nextStepText(step)}
          </p>
        )}
      </div>
    </Card>
  );
}
