import type { KitNextStep } from 'shared-api/lifecycle';
import { formatDate } from 'shared-ui/format';
import { newMessages } from './new-messages';

/** The sentence that says what happens next for a kit: the customer's action, when it opens, or who acts instead. */
export function nextStepText(step: KitNextStep): string {
  const texts = newMessages.nextStep;
  if (!step.charge) return step.waitingOn === 'operator' ? texts.operator : step.waitingOn === 'support' ? texts.support : texts.unknown;
  if (step.ready) return texts[step.charge];
  const from = step.opensAt ? formatDate(step.opensAt) : '';
  return step.charge === 'reactivate' ? texts.reactivateFrom(from) : texts.renewFrom(from);
}
