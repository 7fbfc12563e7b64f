import type { Kit, KitRenewal } from 'shared-api';
import { Button, Card, formatDate, formatNaira, HintText, Spinner } from 'shared-ui';
import { DetailList, SectionTitle } from '../../../components/styles';
import { canRenew, latestDeadline, renewButtonLabel, RENEW_WINDOW_DAYS } from '../../../lib/renewal-rules';

export type SubscriptionCardProps = {
  kit: Kit;
  renewals: KitRenewal[];
  renewalsLoading: boolean;
  renewalsFailed: boolean;
  renewing: boolean;
  onRenew: () => void;
  /** Today, injectable so the 7-day rule can be checked at a fixed moment. */
  now?: Date;
};

export function SubscriptionCard({
  kit,
  renewals,
  renewalsLoading,
  renewalsFailed,
  renewing,
  onRenew,
  now,
}: SubscriptionCardProps) {
  const latest = renewals[0];
  const deadline = latestDeadline(renewals);
  // Without the history we cannot know the deadline, so renewal waits for it.
  const enabled = !renewalsLoading && !renewalsFailed && canRenew(renewals, now ?? new Date());
  const label = renewButtonLabel(kit);

  return (
    <Card aria-labelledby="subscription-title">
      <SectionTitle id="subscription-title">Subscription details</SectionTitle>
      {renewalsLoading && renewals.length === 0 ? (
        <Spinner label="Loading subscription…" />
      ) : (
        <DetailList>
          <dt>Current period</dt>
          <dd>
            {latest ? `${formatDate(latest.start_date)} – ${formatDate(latest.end_date)}` : 'No subscription yet'}
          </dd>
          <dt>Deadline</dt>
          <dd>{deadline ? formatDate(deadline) : '—'}</dd>
          <dt>Last amount</dt>
          <dd>{latest ? formatNaira(latest.amount) : '—'}</dd>
        </DetailList>
      )}
      <div style={{ marginTop: 16 }}>
        <Button onClick={onRenew} disabled={!enabled} busy={renewing} aria-describedby="renew-hint">
          {label}
        </Button>
        <HintText id="renew-hint" style={{ marginTop: 8 }}>
          {enabled
            ? `${label} pays for the next period from your wallet.`
            : `You can renew when ${RENEW_WINDOW_DAYS} days or fewer remain before the deadline.`}
        </HintText>
      </div>
    </Card>
  );
}
