/** The staff area's addresses (its routes declare them; its pages link between them). */
export const staffPaths = {
  signIn: '/staff/login',
  enrol: '/staff/enrol',
  transfers: '/staff',
  kits: '/staff/kits',
  customers: '/staff/customers',
  customerPattern: '/staff/customers/:customerId',
  customer: (id: number | string) => `/staff/customers/${encodeURIComponent(String(id))}`,
  price: '/staff/price',
  audit: '/staff/audit',
} as const;
