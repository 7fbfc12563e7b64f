import { KIT_LIFECYCLE, kitNextStep, OPERATOR_STATES, operatorMoveRefusal } from './kit-lifecycle';

const now = new Date('2026-03-10T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

describe('kit lifecycle', () => {
  it('gives every state either a charge or someone else to act next', () => {
    for (const [status, rule] of Object.entries(KIT_LIFECYCLE)) {
      expect([status, rule.charge !== null || rule.waitingOn !== 'customer']).toEqual([status, true]);
    }
  });

  it('offers Activate on a kit never paid for, reviewed or not, whatever the deadline field says', () => {
    expect(kitNextStep('pending', null, now)).toEqual({ charge: 'activate', ready: true, opensAt: null, waitingOn: 'customer' });
    expect(kitNextStep('accepted', undefined, now)).toMatchObject({ charge: 'activate', ready: true });
  });

  it('opens Renew and Reactivate 7 days before the deadline, and says when', () => {
    const deadline = new Date(now.getTime() + 20 * DAY);
    expect(kitNextStep('active', deadline, now)).toEqual({
      charge: 'renew',
      ready: false,
      opensAt: new Date(now.getTime() + 13 * DAY),
      waitingOn: 'customer',
    });
    expect(kitNextStep('deactivated', deadline.toISOString(), new Date(now.getTime() + 13 * DAY))).toMatchObject({ charge: 'reactivate', ready: true });
    expect(kitNextStep('expired', new Date(now.getTime() - DAY), now)).toMatchObject({ charge: 'renew', ready: true, opensAt: null });
  });

  it('names who acts for a kit under review, declined, or in a state it does not know', () => {
    expect(kitNextStep('need_approval', null, now)).toMatchObject({ charge: null, waitingOn: 'operator' });
    expect(kitNextStep('unapproved', null, now)).toMatchObject({ charge: null, waitingOn: 'support' });
    expect(kitNextStep('on_hold', null, now)).toMatchObject({ charge: null, waitingOn: 'support' });
  });

  it('lets the operator move only between review states, or disconnect a paid kit', () => {
    expect(OPERATOR_STATES).toEqual(['need_approval', 'accepted', 'unapproved', 'deactivated']);
    expect(operatorMoveRefusal('pending', 'accepted')).toBeNull();
    expect(operatorMoveRefusal('active', 'deactivated')).toBeNull();
    expect(operatorMoveRefusal('accepted', 'accepted')).toBeNull();
    expect(operatorMoveRefusal('active', 'accepted')).toMatch(/cannot be moved/);
    expect(operatorMoveRefusal('pending', 'deactivated')).toMatch(/cannot be moved/);
    expect(operatorMoveRefusal('accepted', 'active')).toMatch(/not a review state/);
  });
});
