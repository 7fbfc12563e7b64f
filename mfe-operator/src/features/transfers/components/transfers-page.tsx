import styled from 'styled-components';
import { Button } from 'shared-ui';
import { formatDate, formatNaira } from 'shared-ui/format';
import { DecisionQueue } from '../../../components/decision-queue';
import type { StaffColumn } from '../../../components/staff-table';
import { useStaffSession } from '../../../lib/staff-session';
import { texts } from '../../../lib/texts';
import { useApproveTransfer, useDeclineTransfer, useTransfers, type Decision, type Transfer } from '../api/transfers';

const Note = styled.span`
  display: block;
  font-size: 0.9rem;
`;

const said: Record<Decision['outcome'], (reference: string) => string> = {
  approved: texts.transfers.approved,
  awaiting_confirmation: texts.transfers.awaitingConfirmation,
  already_approved: texts.transfers.alreadyApproved,
  declined: texts.transfers.declined,
  already_declined: texts.transfers.declined,
};
const saidOf = (decision: Decision) => said[decision.outcome](decision.funding.reference);

const columns: StaffColumn<Transfer>[] = [
  { label: texts.transfers.reference, cell: (transfer) => transfer.reference },
  { label: texts.transfers.amount, cell: (transfer) => formatNaira(transfer.amount) },
  { label: texts.transfers.customer, cell: (transfer) => `${transfer.customer.name} (${transfer.customer.email})` },
  { label: texts.transfers.saidPaid, cell: (transfer) => formatDate(transfer.said_paid_at) },
];

/** /staff: the transfers customers said they made, oldest first, approved (four eyes above the threshold) or declined. */
export function TransfersPage() {
  const session = useStaffSession()!;
  const list = useTransfers();
  const approve = useApproveTransfer();
  const decline = useDeclineTransfer();

  const mineAwaiting = (t: Transfer) => t.first_approval?.by.toLowerCase() === session.email.toLowerCase();

  return (
    <DecisionQueue
      words={texts.transfers}
      intro={list.data && <p>{texts.transfers.intro(formatNaira(list.data.four_eyes_above))}</p>}
      read={list}
      rows={list.data?.transfers}
      columns={columns}
      subject={(transfer) => transfer.reference}
      decide={(transfer, decisions) => (
        <>
          {transfer.first_approval && (
            <Note>{mineAwaiting(transfer) ? texts.transfers.yoursAwaiting : texts.transfers.awaiting(transfer.first_approval.by)}</Note>
          )}
          {!mineAwaiting(transfer) && (
            <Button
              busy={decisions.working === transfer.reference}
              aria-label={`${transfer.first_approval ? texts.transfers.confirm : texts.transfers.approve} ${transfer.reference}`}
              onClick={() => void decisions.run(transfer.reference, () => approve.trigger(transfer.reference).then(saidOf))}
            >
              {transfer.first_approval ? texts.transfers.confirm : texts.transfers.approve}
            </Button>
          )}
        </>
      )}
      decline={(reference, reason) => decline.trigger({ reference, reason }).then(saidOf)}
    />
  );
}
