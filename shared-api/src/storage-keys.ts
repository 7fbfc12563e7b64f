/** The local storage keys of spec section 3, exactly. */
export const storageKeys = {
  token: 'token',
  userData: 'userData',
  walletId: 'starlink_walletId',
  tempKitNumber: 'tempKitNumber',
  paymentAmount: 'PaymentAmount',
  fundingId: 'fundingId',
  reference: 'reference',
  method: 'method',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];
