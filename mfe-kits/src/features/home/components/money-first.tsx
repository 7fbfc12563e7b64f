import styled from 'styled-components';
import { amountOf } from 'shared-api';
import { useFundings, useWallet } from 'shared-api/data';
import { fundingsAwaitingApproval } from 'portal-rules';
import { paymentAwaitingConfirmation } from 'shared-api/texts';
import { Button, Card, theme, VisuallyHidden } from 'shared-ui';
import { Link } from 'shared-ui/router';
import { formatDate, formatNaira } from 'shared-ui/format';
import { TextSkeleton } from 'shared-ui/skeleton';
import { dismissNotice, moneyStrip, severalAwaiting } from '../../../lib/texts';
import { useDismissNotice, useNotices, useNoticesFollowBalance, type Notice } from '../../notices/api/notices';

/** One line's height: every row below has a fixed number of them, so nothing moves when the reads answer. */
const LINE = 1.5;

/** A row of `lines` lines, cut with an ellipsis when longer (its full text stays for screen readers and below the kits). */
const Row = styled.div<{ $lines: number }>`
  height: ${({ $lines }) => $lines * LINE}em;
  line-height: ${LINE};
  margin: 0;
  overflow: hidden;
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: ${({ $lines }) => $lines};
  overflow-wrap: anywhere;
`;

const Awaiting = styled(Row)`
  font-weight: 600;
`;

const NoticeHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  height: 44px;
  margin-top: 8px;
  border-top: 1px solid ${theme.colors.border};
  strong {
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
`;

const Muted = styled.span`
  color: ${theme.colors.muted};
`;

function awaitingText(fundings: ReturnType<typeof useFundings>['data']): string {
  const awaiting = fundingsAwaitingApproval(fundings);
  const latest = awaiting[0];
  if (!latest) return moneyStrip.noneAwaiting;
  const total = formatNaira(awaiting.reduce((sum, f) => sum + amountOf(f.amount), 0));
  return awaiting.length === 1
    ? paymentAwaitingConfirmation(total, formatDate(latest.created_at))
    : severalAwaiting(total, awaiting.length, formatDate(latest.created_at));
}

function LatestNotice({ notice, count, onDismiss }: { notice: Notice | undefined; count: number; onDismiss: (n: Notice) => void }) {
  if (!notice) {
    return (
      <>
        <NoticeHead>
          <Muted>{moneyStrip.noNotice}</Muted>
        </NoticeHead>
        <Row $lines={4} aria-hidden="true" />
      </>
    );
  }
  return (
    <>
      <NoticeHead>
        <strong>{notice.title}</strong>
        <Button variant="secondary" aria-label={dismissNotice(notice.title)} onClick={() => onDismiss(notice)}>
          ×
        </Button>
      </NoticeHead>
      <Row $lines={2}>{notice.text}</Row>
      <Row $lines={1}>{notice.nextStep && (notice.nextStep.route ? <Link to={notice.nextStep.route}>{notice.nextStep.text}</Link> : notice.nextStep.text)}</Row>
      <Row $lines={1}><a href="#money-notices-title">{moneyStrip.allUpdates(count)}</a></Row>
    </>
  );
}

/**
 * /home's first screen, beside the balance and above the kits (issue 47): the transfers awaiting confirmation and the
 * latest money notice. Each row has a fixed height, from the frame to the answer, empty or not, so the kits below
 * never move (CLS 0); a long notice is cut here and read in full in the list below the kits.
 */
export function MoneyFirst() {
  const fundings = useFundings();
  const notices = useNotices({ follow: true });
  useNoticesFollowBalance(useWallet().data?.balance, notices.mutate);
  const { trigger: dismiss } = useDismissNotice();
  const list = notices.data ?? [];
  // A read that failed or a server without notices (404) shows "none", as before notices existed.
  const noticesLoading = notices.data === undefined && notices.error === undefined;
  return (
    <Card aria-labelledby="money-first-title" data-testid="money-first">
      <VisuallyHidden as="h2" id="money-first-title">
        {moneyStrip.title}
      </VisuallyHidden>
      {fundings.data === undefined && fundings.error === undefined ? (
        <Awaiting $lines={2} role="status" aria-label="Loading payments awaiting confirmation">
          <TextSkeleton chars={30} />
        </Awaiting>
      ) : (
        <Awaiting $lines={2}>{awaitingText(fundings.data)}</Awaiting>
      )}
      {noticesLoading ? (
        <div role="status" aria-label="Loading updates about your money">
          <NoticeHead>
            <TextSkeleton chars={16} />
          </NoticeHead>
          <Row $lines={4} aria-hidden="true">
            <TextSkeleton chars={40} />
          </Row>
        </div>
      ) : (
        <LatestNotice notice={list[0]} count={list.length} onDismiss={(n) => void dismiss(n.id)} />
      )}
    </Card>
  );
}
