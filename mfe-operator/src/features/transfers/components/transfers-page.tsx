import { useState } from 'react';
import styled from 'styled-components';
import { Button, notify } from 'shared-ui';
import { formatDate, formatNaira } from 'shared-ui/format';
import { StackedTable } from 'shared-ui/table';
import { LoadState } from '../../../components/load-state';
import { ReasonForm } from '../../../components/reason-form';
import { errorText } from '../../../lib/staff-api';
import { can, useStaffSession } from '../../../lib/staff-session';
import { texts } from '../../../lib/texts';
import { useApproveTransfer, useDeclineTransfer, useTransfers, type Decision, type Transfer } from '../api/transfers';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  justify-content: flex-end;
`;

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

/** /staff: the transfers customers said they made, oldest first, approved (four eyes above the threshold) or declined. */
export function TransfersPage() {
  const session = useStaffSession()!;
  const list = useTransfers();
  const approve = useApproveTransfer();
  const decline = useDeclineTransfer();
  const [declining, setDeclining] = useState<string | null>(null);
  const [working, setWorking] = useState<string | null>(null);
  const decides = can.decide(session.role);

  const run = async (reference: string, action: () => Promise<Decision>) => {
    setWorking(reference);
    try {
      const decision = await action();
      notify.success(said[decision.outcome](decision.funding.reference));
      setDeclining(null);
    } catch (error) {
      notify.error(errorText(error, texts.transfers.failed));
    } finally {
      setWorking(null);
    }
  };

  const mineAwaiting = (t: Transfer) => t.first_approval?.by.toLowerCase() === session.email.toLowerCase();

  return (
    <>
      <h1>{texts.transfers.title}</h1>
      {list.data && <p>{texts.transfers.intro(formatNaira(list.data.four_eyes_above))}</p>}
      {!decides && <p>{texts.transfers.readOnly}</p>}
      <LoadState isLoading={list.isLoading} error={list.error} failed={texts.transfers.loadFailed} retry={() => void list.mutate()} />
      {list.data && list.data.transfers.length === 0 && <p role="status">{texts.transfers.empty}</p>}
      {list.data && list.data.transfers.length > 0 && (
        <StackedTable>
          <table>
            <caption>{texts.transfers.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{texts.transfers.reference}</th>
                <th scope="col">{texts.transfers.amount}</th>
                <th scope="col">{texts.transfers.customer}</th>
                <th scope="col">{texts.transfers.saidPaid}</th>
                {decides && <th scope="col">{texts.transfers.actions}</th>}
              </tr>
            </thead>
            <tbody>
              {list.data.transfers.map((transfer) => (
                <tr key={transfer.reference}>
                  <th scope="row" data-label={texts.transfers.reference}>
                    {transfer.reference}
                  </th>
                  <td data-label={texts.transfers.amount}>{formatNaira(transfer.amount)}</td>
                  <td data-label={texts.transfers.customer}>
                    {transfer.customer.name} ({transfer.customer.email})
                  </td>
                  <td data-label={texts.transfers.saidPaid}>{formatDate(transfer.said_paid_at)}</td>
                  {decides && (
                    <td data-label={texts.transfers.actions}>
                      <Actions>
                        {transfer.first_approval && (
                          <Note>{mineAwaiting(transfer) ? texts.transfers.yoursAwaiting : texts.transfers.awaiting(transfer.first_approval.by)}</Note>
                        )}
                        {!mineAwaiting(transfer) && (
                          <Button
                            busy={working === transfer.reference}
                            aria-label={`${transfer.first_approval ? texts.transfers.confirm : texts.transfers.approve} ${transfer.reference}`}
                            onClick={() => void run(transfer.reference, () => approve.trigger(transfer.reference))}
                          >
                            {transfer.first_approval ? texts.transfers.confirm : texts.transfers.approve}
                          </Button>
                        )}
                        <Button
                          variant="secondary"
                          disabled={working === transfer.reference}
                          aria-label={`${texts.transfers.decline} ${transfer.reference}`}
                          onClick={() => setDeclining(transfer.reference)}
                        >
                          {texts.transfers.decline}
                        </Button>
                      </Actions>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </StackedTable>
      )}
      {declining && (
        <ReasonForm
          subject={declining}
          busy={working === declining}
          onCancel={() => setDeclining(null)}
          onSubmit={(reason) => void run(declining, () => decline.trigger({ reference: declining, reason }))}
        />
      )}
    </>
  );
}
