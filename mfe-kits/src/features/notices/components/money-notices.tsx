import styled from 'styled-components';
import { moneyEventTexts } from 'portal-rules';
import { dismissNotice, moneyNoticesTitle } from '../../../lib/texts';
import { Button, Card, theme } from 'shared-ui';
import { formatDate, formatNaira } from 'shared-ui/format';
import { SectionTitle } from '../../../components/styles';
import type { MoneyNotice } from '../api/notices';
import { useMoneyNotices } from '../hooks/use-money-notices';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  justify-content: space-between;
  padding: 8px 0;
  & + & {
    border-top: 1px solid ${theme.colors.border};
  }
`;

const Text = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

export const noticeText = (n: MoneyNotice) =>
  moneyEventTexts[n.type].body({
    amount: formatNaira(n.amount),
    reference: n.reference,
    kitNumber: n.kit_number,
    date: n.date ? formatDate(n.date) : null,
  });

/** /home: what the customer was told by email and WhatsApp about their money (beyond the spec); nothing if none. */
export function MoneyNotices() {
  const { notices, dismiss } = useMoneyNotices();
  if (notices.length === 0) return null;
  return (
    <Card aria-labelledby="money-notices-title">
      <SectionTitle id="money-notices-title">{moneyNoticesTitle}</SectionTitle>
      <List>
        {notices.map((n) => {
          const title = moneyEventTexts[n.type].title;
          return (
            <Item key={n.id}>
              <div>
                <Text>
                  <strong>{title}</strong>
                </Text>
                <Text>{noticeText(n)}</Text>
              </div>
              <Button variant="secondary" aria-label={dismissNotice(title)} onClick={() => dismiss(n.id)}>
                ×
              </Button>
            </Item>
          );
        })}
      </List>
    </Card>
  );
}
