import type { Kit } from 'shared-api';
import { Button, Card, StatusBadge, TextSkeleton } from 'shared-ui';
import { DetailList, SectionTitle } from '../../../components/styles';
import { dashboardStatus } from '../../../lib/kit-status';

export type KitDetailsCardProps = {
  kit: Kit;
  onEditAddress: () => void;
};

export function KitDetailsCard({ kit, onEditAddress }: KitDetailsCardProps) {
  const status = dashboardStatus(kit.status);
  return (
    <Card aria-labelledby="kit-details-title">
      <SectionTitle id="kit-details-title">Kit details</SectionTitle>
      <DetailList>
        <dt>Kit number</dt>
        <dd>{kit.kit_number}</dd>
        <dt>Service line</dt>
        <dd>{kit.service_line_number || '—'}</dd>
        <dt>Status</dt>
        <dd>
          <StatusBadge $tone={status.tone} data-testid="kit-status">
            {status.label}
          </StatusBadge>
        </dd>
        <dt>Kit user or company</dt>
        <dd>{kit.company_name || '—'}</dd>
        {kit.company_number ? (
          <>
            <dt>Company number</dt>
            <dd>{kit.company_number}</dd>
          </>
        ) : null}
        <dt>Address</dt>
        <dd>
          {kit.address || '—'}{' '}
          <Button variant="link" onClick={onEditAddress}>
            Edit address
          </Button>
        </dd>
        <dt>Auto-renew</dt>
        <dd>{kit.auto_renew ? 'On' : 'Off'}</dd>
      </DetailList>
    </Card>
  );
}

/** The card while the kit loads: its title and one placeholder line per detail (a kit without a company number). */
export function KitDetailsCardSkeleton() {
  return (
    <Card aria-labelledby="kit-details-title">
      <SectionTitle id="kit-details-title">Kit details</SectionTitle>
      <div role="status" aria-label="Loading kit details">
        <DetailList aria-hidden="true">
          {['Kit number', 'Service line', 'Status', 'Kit user or company', 'Address', 'Auto-renew'].map((term) => (
            <div key={term} style={{ display: 'contents' }}>
              <dt>{term}</dt>
              <dd>
                <TextSkeleton chars={term === 'Address' ? 24 : 12} />
              </dd>
            </div>
          ))}
        </DetailList>
      </div>
    </Card>
  );
}
