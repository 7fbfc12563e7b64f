import { Fragment, type ReactNode } from 'react';
import type { Kit } from 'shared-api';
import { Button, Card } from 'shared-ui';
import { StatusBadge } from 'shared-ui/status-badge';
import { TextSkeleton } from 'shared-ui/skeleton';
import { DetailList, SectionTitle } from '../../../components/styles';
import { dashboardStatus } from '../../../lib/kit-status';

export type KitDetailsCardProps = {
  kit: Kit;
  onEditAddress: () => void;
};

/**
 * The card's details in their order, each with how it shows a kit (null: the line is left out) and how wide its
 * placeholder is while the kit loads (none: the frame is a kit without that line).
 */
const DETAILS: {
  term: string;
  show: (kit: Kit, onEditAddress: () => void) => ReactNode;
  frameChars?: number;
}[] = [
  { term: 'Kit number', show: (kit) => kit.kit_number, frameChars: 12 },
  { term: 'Service line', show: (kit) => kit.service_line_number || '—', frameChars: 12 },
  {
    term: 'Status',
    show: (kit) => {
      const status = dashboardStatus(kit.status);
      return (
        <StatusBadge $tone={status.tone} data-testid="kit-status">
          {status.label}
        </StatusBadge>
      );
    },
    frameChars: 12,
  },
  { term: 'Kit user or company', show: (kit) => kit.company_name || '—', frameChars: 12 },
  { term: 'Company number', show: (kit) => kit.company_number || null },
  {
    term: 'Address',
    show: (kit, onEditAddress) => (
      <>
        {kit.address || '—'}{' '}
        <Button variant="link" onClick={onEditAddress}>
          Edit address
        </Button>
      </>
    ),
    frameChars: 24,
  },
  { term: 'Auto-renew', show: (kit) => (kit.auto_renew ? 'On' : 'Off'), frameChars: 12 },
];

export function KitDetailsCard({ kit, onEditAddress }: KitDetailsCardProps) {
  return (
    <Card aria-labelledby="kit-details-title">
      <SectionTitle id="kit-details-title">Kit details</SectionTitle>
      <DetailList>
        {DETAILS.map(({ term, show }) => {
          const value = show(kit, onEditAddress);
          return value === null ? null : (
            <Fragment key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </Fragment>
          );
        })}
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
          {DETAILS.map(({ term, frameChars }) =>
            frameChars === undefined ? null : (
              <div key={term} style={{ display: 'contents' }}>
                <dt>{term}</dt>
                <dd>
                  <TextSkeleton chars={frameChars} />
                </dd>
              </div>
            ),
          )}
        </DetailList>
      </div>
    </Card>
  );
}
