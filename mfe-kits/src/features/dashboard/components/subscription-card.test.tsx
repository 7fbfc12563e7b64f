import { render, screen } from '@testing-library/react';
import type { Kit, KitRenewal } from 'shared-api';
import { renewalCases, renewalNow } from 'portal-rules/testing/renewal-cases';
import { SubscriptionCard } from './subscription-card';

const kit: Kit = { id: 42, kit_number: 'KIT-1', status: 'active', auto_renew: false };

function renderCard(renewals: KitRenewal[], status = kit.status) {
  render(
    <SubscriptionCard
      kit={{ ...kit, status }}
      renewals={renewals}
      renewalsLoading={false}
      renewalsFailed={false}
      renewing={false}
      onRenew={() => undefined}
      now={renewalNow}
      connection={{ usable: true, paymentsReason: null, addKitReason: null }}
      priceChange={null}
    />,
  );
}

describe('SubscriptionCard renew button (the API charges by the same cases: api/test/renewal-rule.test.ts)', () => {
  it('is disabled before the renewal window, saying when it opens', () => {
    renderCard([{ id: 1, amount: 57000, status: 'receipt', deadline: '2026-04-01T00:00:00.000Z', created_at: '2026-03-01T00:00:00.000Z', start_date: '2026-03-02T00:00:00.000Z', end_date: '2026-04-01T00:00:00.000Z' }]);
    expect(screen.getByRole('button', { name: 'Renew' })).toBeDisabled();
    expect(screen.getByText('You can renew when 7 days or fewer remain before the deadline.')).toBeInTheDocument();
  });
  // The API charges by the same rule, a kit with no renewal included.
  it.each(renewalCases)('$name: enabled $renewable', ({ renewals, renewable }) => {
    const history = renewals.map((renewal, index) => ({
      id: index + 1,
      amount: 57000,
      status: renewal.status,
      deadline: renewal.deadline,
      created_at: `2026-0${index + 1}-01T00:00:00.000Z`,
      start_date: renewal.deadline,
      end_date: renewal.deadline,
    }));
    renderCard(history);
    const button = screen.getByRole('button', { name: 'Renew' });
    if (renewable) expect(button).toBeEnabled();
    else expect(button).toBeDisabled();
  });
});

describe('SubscriptionCard next step (portal-rules)', () => {
  it('offers Activate for an approved kit never paid for, with no renewal deadline yet', () => {
    renderCard([], 'accepted');
    expect(screen.getByRole('button', { name: 'Activate' })).toBeEnabled();
    expect(screen.getByText('Not activated yet')).toBeInTheDocument();
    expect(screen.getByText('Ready to activate: pay for its first 30 days from your wallet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Renew' })).not.toBeInTheDocument();
  });

  it('offers Reactivate for a disconnected kit', () => {
    renderCard([], 'deactivated');
    expect(screen.getByRole('button', { name: 'Reactivate' })).toBeEnabled();
  });

  it.each([
    ['need_approval', 'We are reviewing this kit. You can activate it once it is approved; no action is needed from you.'],
    ['unapproved', 'This kit was declined. Please contact support on WhatsApp to find out why.'],
  ])('says who acts next for a kit in %s, with no button to press', (status, sentence) => {
    renderCard([], status);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(sentence);
  });

  it('is disabled, saying why, when the page says payments cannot be made now', () => {
    render(
      <SubscriptionCard
        kit={{ ...kit, status: 'deactivated' }}
        renewals={[]}
        renewalsLoading={false}
        renewalsFailed={false}
        renewing={false}
        onRenew={() => undefined}
        now={renewalNow}
        connection={{ usable: false, paymentsReason: 'No payments now.', addKitReason: 'No kits now.' }}
        priceChange={null}
      />,
    );
    const button = screen.getByRole('button', { name: 'Reactivate' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('No payments now.');
  });

});
