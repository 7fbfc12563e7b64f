import { useState } from 'react';
import styled from 'styled-components';
import { Button, notify } from 'shared-ui';
import { formatDate } from 'shared-ui/format';
import { StackedTable } from 'shared-ui/table';
import { LoadState } from '../../../components/load-state';
import { ReasonForm } from '../../../components/reason-form';
import { errorText } from '../../../lib/staff-api';
import { can, useStaffSession } from '../../../lib/staff-session';
import { texts } from '../../../lib/texts';
import { useKitsUnderReview, useReviewKit } from '../api/kits';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  justify-content: flex-end;
`;

/** /staff/kits: kits held for review, oldest first; accept, or decline with the reason the customer reads. */
export function KitsPage() {
  const session = useStaffSession()!;
  const list = useKitsUnderReview();
  const review = useReviewKit();
  const [declining, setDeclining] = useState<string | null>(null);
  const [working, setWorking] = useState<string | null>(null);
  const decides = can.decide(session.role);

  const run = async (kitNumber: string, outcome: 'accepted' | 'declined', reason?: string) => {
    setWorking(kitNumber);
    try {
      await review.trigger({ kitNumber, outcome, reason });
      notify.success(outcome === 'accepted' ? texts.kits.accepted(kitNumber) : texts.kits.declined(kitNumber));
      setDeclining(null);
    } catch (error) {
      notify.error(errorText(error, texts.kits.failed));
    } finally {
      setWorking(null);
    }
  };

  return (
    <>
      <h1>{texts.kits.title}</h1>
      {!decides && <p>{texts.kits.readOnly}</p>}
      <LoadState isLoading={list.isLoading} error={list.error} failed={texts.kits.loadFailed} retry={() => void list.mutate()} />
      {list.data && list.data.kits.length === 0 && <p role="status">{texts.kits.empty}</p>}
      {list.data && list.data.kits.length > 0 && (
        <StackedTable>
          <table>
            <caption>{texts.kits.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{texts.kits.kit}</th>
                <th scope="col">{texts.kits.customer}</th>
                <th scope="col">{texts.kits.address}</th>
                <th scope="col">{texts.kits.since}</th>
                {decides && <th scope="col">{texts.kits.actions}</th>}
              </tr>
            </thead>
            <tbody>
              {list.data.kits.map((kit) => (
                <tr key={kit.kit_number}>
                  <th scope="row" data-label={texts.kits.kit}>
                    {kit.kit_number}
                  </th>
                  <td data-label={texts.kits.customer}>
                    {kit.customer.name} ({kit.customer.email})
                  </td>
                  <td data-label={texts.kits.address}>{kit.address}</td>
                  <td data-label={texts.kits.since}>{formatDate(kit.created_at)}</td>
                  {decides && (
                    <td data-label={texts.kits.actions}>
                      <Actions>
                        <Button
                          busy={working === kit.kit_number}
                          aria-label={`${texts.kits.accept} ${kit.kit_number}`}
                          onClick={() => void run(kit.kit_number, 'accepted')}
                        >
                          {texts.kits.accept}
                        </Button>
                        <Button
                          variant="secondary"
                          disabled={working === kit.kit_number}
                          aria-label={`${texts.kits.decline} ${kit.kit_number}`}
                          onClick={() => setDeclining(kit.kit_number)}
                        >
                          {texts.kits.decline}
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
          onSubmit={(reason) => void run(declining, 'declined', reason)}
        />
      )}
    </>
  );
}
