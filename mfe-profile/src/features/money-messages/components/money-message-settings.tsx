import styled from 'styled-components';
import { MONEY_EVENT_TYPES, moneyEventTexts } from 'portal-rules';
import {
  moneyEventSettingsFailed,
  moneyEventSettingsLead,
  moneyEventSettingsSaved,
  moneyEventSettingsTitle,
} from '../../../lib/texts';
import { Card, theme } from 'shared-ui';
import { useMoneyMessageSettings } from '../hooks/use-money-message-settings';

const Title = styled.h2`
  font-size: 1.1rem;
  margin: 0 0 4px;
`;

const Fieldset = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
`;

const Switch = styled.label`
  display: flex;
  gap: 12px;
  align-items: center;
  min-height: 44px;
  cursor: pointer;
  input {
    width: 22px;
    height: 22px;
    flex: none;
    accent-color: ${theme.colors.primary};
  }
`;

const Lead = styled.p`
  margin: 0 0 8px;
  color: ${theme.colors.muted};
`;

/** /profile: which money events the customer is told about (beyond the spec); nothing on a server without them. */
export function MoneyMessageSettings() {
  const { prefs, loading, save, toggle } = useMoneyMessageSettings();
  if (!prefs && !loading) return null;
  // Drawn with its switches disabled while they load, so their arrival moves nothing below (the Log out button).
  return (
    <Card aria-labelledby="money-messages-title" aria-busy={loading || undefined}>
      <Title id="money-messages-title">{moneyEventSettingsTitle}</Title>
      <Fieldset>
        <Lead as="legend">{moneyEventSettingsLead}</Lead>
        {MONEY_EVENT_TYPES.map((type) => (
          <Switch key={type}>
            <input
              type="checkbox"
              checked={prefs?.[type] ?? true}
              disabled={!prefs}
              onChange={(e) => toggle(type, e.target.checked)}
            />
            {moneyEventTexts[type].setting}
          </Switch>
        ))}
      </Fieldset>
      <p role="status" style={{ margin: 0, minHeight: '1.5em' }}>
        {save === 'saved' ? moneyEventSettingsSaved : ''}
      </p>
      {save === 'failed' && <p role="alert">{moneyEventSettingsFailed}</p>}
    </Card>
  );
}
