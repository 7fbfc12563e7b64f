/** Every route path of spec section 2, in one typed object. */
export const paths = {
  root: '/',
  signup: '/signup',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  emailConfirmation: '/email-confirmation',
  activate: '/activate',
  home: '/home',
  dashboardPattern: '/dashboard/:kitId',
  dashboard: (kitId: string | number) => `/dashboard/${encodeURIComponent(String(kitId))}`,
  billing: '/billing',
  profile: '/profile',
} as const;

export const billingAnchors = { history: 'history', billingTable: 'billing-table' } as const;

/** Router state of a link to /billing that reopens the payment in progress in its Payment Details dialog. */
export const resumePaymentState = { resumePayment: true } as const;

export function asksToResumePayment(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { resumePayment?: unknown }).resumePayment === true;
}
