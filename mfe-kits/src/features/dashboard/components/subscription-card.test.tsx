import { render, screen } from '@testing-library/react';
import type { Kit, KitRenewal } from 'shared-api';
import { renewalCases, renewalNow } from 'shared-api/testing/renewal-cases';
import { SubscriptionCard } from './subscription-card';

const kit: Kit = { id: 42, kit_number: 'KIT-1', status: 'active', auto_renew: false };

function renderCard(renewals: KitRenewal[]) {
  render(
    <SubscriptionCard
      kit={kit}
      renewals={renewals}
      renewalsLoading={false}
      renewalsFailed={false}
      renewing={false}
      onRenew={() => undefined}
      now={renewalNow}
    />,
  );
}

describe('SubscriptionCard renew button (the API charges by the same cases: api/test/renewal-rule.test.ts)', () => {
  it('is disabled for a kit with no renewal yet: there is no deadline to be within 7 days of', () => {
    renderCard([]);
    expect(screen.getByRole('button', { name: 'Renew' })).toBeDisabled();
    expect(screen.getByText('You can renew when 7 days or fewer remain before the deadline.')).toBeInTheDocument();
  });

  // The API also charges a kit with no renewal (its first payment, from Activate on the home page).
  it.each(renewalCases.filter((c) => c.renewals.length > 0))('$name: enabled $renewable', ({ renewals, renewable }) => {
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
