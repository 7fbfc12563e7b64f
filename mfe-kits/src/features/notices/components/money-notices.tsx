import styled from 'styled-components';
import { dismissNotice, moneyNoticesTitle } from '../../../lib/texts';
import { Button, Card, theme } from 'shared-ui';
import { Link } from 'shared-ui/router';
import { SectionTitle } from '../../../components/styles';
import { useDismissNotice, useNotices } from '../api/notices';

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

/**
 * /home, below the kits: every notice in full (the first screen shows the latest, cut to its rows), each with its next
 * step and a dismiss button; nothing if none, while they load, when they fail or on a server without them.
 */
export function MoneyNotices() {
  const notices = useNotices().data ?? [];
  const { trigger: dismiss } = useDismissNotice();
  if (notices.length === 0) return null;
  return (
    <Card aria-labelledby="money-notices-title">
      <SectionTitle id="money-notices-title" tabIndex={-1}>
        {moneyNoticesTitle}
      </SectionTitle>
      <List>
        {notices.map((n) => (
          <Item key={n.id}>
            <div>
              <Text>
                <strong>{n.title}</strong>
              </Text>
              <Text>{n.text}</Text>
              {n.nextStep && <Text>{n.nextStep.route ? <Link to={n.nextStep.route}>{n.nextStep.text}</Link> : n.nextStep.text}</Text>}
            </div>
            <Button variant="secondary" aria-label={dismissNotice(n.title)} onClick={() => void dismiss(n.id)}>
              ×
            </Button>
          </Item>
        ))}
      </List>
    </Card>
  );
}
