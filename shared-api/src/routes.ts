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
