import styled from 'styled-components';
import { getRuntimeConfig } from 'shared-api';
import { HintText, theme } from 'shared-ui';

const Fieldset = styled.fieldset`
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  padding: 8px 12px 12px;
  margin: 0 0 8px;
  legend {
    font-weight: 600;
    padding: 0 4px;
  }
  label {
    display: flex;
    align-items: center;
    gap: 8px;
    min-height: 44px;
  }
  input {
    width: 20px;
    height: 20px;
    margin: 0;
  }
`;

/** Spec section 5: offline bank transfer is the only method; online payment is only a placeholder (section 9). */
export function PaymentMethodChoice() {
  const onlineUrl = getRuntimeConfig().onlinePaymentUrl;
  const hasOnlineLink = onlineUrl !== '' && onlineUrl !== '#';
  return (
    <Fieldset>
      <legend>Payment method</legend>
      <label>
        <input type="radio" name="payment_method" value="offline" checked readOnly />
        Bank transfer (offline)
      </label>
      <HintText>
        Online payment is coming soon
        {hasOnlineLink && (
          <>
            {': '}
            <a href={onlineUrl} target="_blank" rel="noopener noreferrer">
              pay online (opens in a new tab)
            </a>
          </>
        )}
        .
      </HintText>
    </Fieldset>
  );
}
