import { render, screen } from '@testing-library/react';
import type { Kit } from 'shared-api';
import { renewalCases, renewalNow } from 'shared-api/testing/renewal-cases';
import { SubscriptionCard } from './subscription-card';

const kit: Kit = { id: 42, kit_number: 'KIT-1', status: 'active', auto_renew: false };

describe('SubscriptionCard renew button (the API charges by the same cases: api/test/renewal-rule.test.ts)', () => {
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
    render(
      <SubscriptionCard
        kit={kit}
        renewals={history}
        renewalsLoading={false}
        renewalsFailed={false}
        renewing={false}
        onRenew={() => undefined}
        now={renewalNow}
      />,
    );
    const button = screen.getByRole('button', { name: 'Renew' });
    if (renewable) expect(button).toBeEnabled();
    else expect(button).toBeDisabled();
  });
});
