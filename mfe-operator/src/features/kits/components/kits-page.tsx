import { Button } from 'shared-ui';
import { formatDate } from 'shared-ui/format';
import { DecisionActions, DeclineForm, useDecisions } from '../../../components/decision-queue';
import { ListedTable, type StaffColumn } from '../../../components/staff-table';
import { can, useStaffSession } from '../../../lib/staff-session';
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
  const session = useStaffSession()!;
  const list = useKitsUnderReview();
  const review = useReviewKit();
  const decisions = useDecisions(texts.kits.failed);
  const decides = can.decide(session.role);

  const accept = (kitNumber: string) => review.trigger({ kitNumber, outcome: 'accepted' }).then(() => texts.kits.accepted(kitNumber));
  const decline = (kitNumber: string, reason: string) =>
    review.trigger({ kitNumber, outcome: 'declined', reason }).then(() => texts.kits.declined(kitNumber));
  const actions: StaffColumn<KitUnderReview> = {
    label: texts.kits.actions,
    cell: (kit) => (
      <DecisionActions decisions={decisions} subject={kit.kit_number} declineLabel={texts.kits.decline}>
        <Button
          busy={decisions.working === kit.kit_number}
          aria-label={`${texts.kits.accept} ${kit.kit_number}`}
          onClick={() => void decisions.run(kit.kit_number, () => accept(kit.kit_number))}
        >
          {texts.kits.accept}
        </Button>
      </DecisionActions>
    ),
  };

  return (
    <>
      <h1>{texts.kits.title}</h1>
      {!decides && <p>{texts.kits.readOnly}</p>}
      <ListedTable
        read={list}
        rows={list.data?.kits}
        failed={texts.kits.loadFailed}
        empty={texts.kits.empty}
        caption={texts.kits.caption}
        columns={decides ? [...columns, actions] : columns}
        rowKey={(kit) => kit.kit_number}
      />
      <DeclineForm decisions={decisions} decline={decline} />
    </>
  );
}
