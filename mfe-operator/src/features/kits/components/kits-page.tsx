import { Button } from 'shared-ui';
import { formatDate } from 'shared-ui/format';
import { DecisionQueue } from '../../../components/decision-queue';
import type { StaffColumn } from '../../../components/staff-table';
import { texts } from '../../../lib/texts';
import { useKitsUnderReview, useReviewKit, type KitUnderReview } from '../api/kits';

const columns: StaffColumn<KitUnderReview>[] = [
  { label: texts.kits.kit, cell: (kit) => kit.kit_number },
  { label: texts.kits.customer, cell: (kit) => `${kit.customer.name} (${kit.customer.email})` },
  { label: texts.kits.address, cell: (kit) => kit.address },
  { label: texts.kits.since, cell: (kit) => formatDate(kit.created_at) },
];

/** /staff/kits: kits held for review, oldest first; accept, or decline with the reason the customer reads. */
export function KitsPage() {
  const list = useKitsUnderReview();
  const review = useReviewKit();

  const accept = (kitNumber: string) => review.trigger({ kitNumber, outcome: 'accepted' }).then(() => texts.kits.accepted(kitNumber));
  const decline = (kitNumber: string, reason: string) =>
    review.trigger({ kitNumber, outcome: 'declined', reason }).then(() => texts.kits.declined(kitNumber));

  return (
    <DecisionQueue
      words={texts.kits}
      read={list}
      rows={list.data?.kits}
      columns={columns}
      subject={(kit) => kit.kit_number}
      decide={(kit, decisions) => (
        <Button
          busy={decisions.working === kit.kit_number}
          aria-label={`${texts.kits.accept} ${kit.kit_number}`}
          onClick={() => void decisions.run(kit.kit_number, () => accept(kit.kit_number))}
        >
          {texts.kits.accept}
        </Button>
      )}
      decline={decline}
    />
  );
}
