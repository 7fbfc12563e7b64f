import { formatDate, formatNaira } from 'shared-ui/format';
import { newMessages } from '../../../lib/texts';
import type { ChargeQuote } from '../api/get-charge-quote';

export type QuoteTermsProps = { quote: ChargeQuote };

/** What a charge pays and for when: the first lines of each dialog about one (confirmation, Insufficient Funds). */
export function QuoteTerms({ quote }: QuoteTermsProps) {
  const texts = newMessages.confirm;
  return (
    <>
      <dt>{texts.amount}</dt>
      <dd>{formatNaira(quote.amount)}</dd>
      <dt>{texts.period}</dt>
      <dd>
        {formatDate(quote.period_start)} – {formatDate(quote.period_end)}
      </dd>
    </>
  );
}
