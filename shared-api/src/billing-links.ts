// Links into the billing area from the customer's other pages (part of `shared-api/customer`).

export const billingAnchors = { history: 'history', billingTable: 'billing-table' } as const;

/** Router state of a link to /billing that reopens the payment in progress in its Payment Details dialog. */
export const resumePaymentState = { resumePayment: true } as const;

export function asksToResumePayment(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { resumePayment?: unknown }).resumePayment === true;
}
