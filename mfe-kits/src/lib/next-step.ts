import type { KitNextStep } from 'portal-rules';
import { formatDate } from 'shared-ui/format';
import { newMessages } from './texts';

/** The sentence that says what happens next for a kit: the customer's action, when it opens, or who acts instead. */
export function nextStepText(step: KitNextStep, deadlineKnown = true): string {
  const texts = newMessages.nextStep;
  // A server that sends no deadline with its kits (spec section 3 names none): when to renew is on the kit's page.
  if (!deadlineKnown && step.charge && step.charge !== 'activate') return texts.onItsPage;
  if (!step.charge) return step.waitingOn === 'operator' ? texts.operator : step.waitingOn === 'support' ? texts.support : texts.unknown;
  if (step.ready) return texts[step.charge];
  const from = step.opensAt ? formatDate(step.opensAt) : '';
  return step.charge === 'reactivate' ? texts.reactivateFrom(from) : texts.renewFrom(from);
}
