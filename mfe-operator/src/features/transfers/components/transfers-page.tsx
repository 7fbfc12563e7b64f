import styled from 'styled-components';
import { Button } from 'shared-ui';
import { formatDate, formatNaira } from 'shared-ui/format';
import { DecisionActions, DeclineForm, useDecisions } from '../../../components/decision-queue';
import { ListedTable, type StaffColumn } from '../../../components/staff-table';
import { can, useStaffSession } from '../../../lib/staff-session';
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
  const decisions = useDecisions(texts.transfers.failed);
  const decides = can.decide(session.role);

  const mineAwaiting = (t: Transfer) => t.first_approval?.by.toLowerCase() === session.email.toLowerCase();
  const actions: StaffColumn<Transfer> = {
    label: texts.transfers.actions,
    cell: (transfer) => (
      <DecisionActions decisions={decisions} subject={transfer.reference} declineLabel={texts.transfers.decline}>
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
      </DecisionActions>
    ),
  };

  return (
    <>
      <h1>{texts.transfers.title}</h1>
      {list.data && <p>{texts.transfers.intro(formatNaira(list.data.four_eyes_above))}</p>}
      {!decides && <p>{texts.transfers.readOnly}</p>}
      <ListedTable
        read={list}
        rows={list.data?.transfers}
        failed={texts.transfers.loadFailed}
        empty={texts.transfers.empty}
        caption={texts.transfers.caption}
        columns={decides ? [...columns, actions] : columns}
        rowKey={(transfer) => transfer.reference}
      />
      <DeclineForm decisions={decisions} decline={(reference, reason) => decline.trigger({ reference, reason }).then(saidOf)} />
    </>
  );
}
