/**
 * The shared reads' cache keys, without the session token, which `useData` puts first. An area's own reads declare
 * theirs beside their request (`mfe-kits/src/features/*\/api/`), their kind first.
 */
export const keys = {
  wallet: ['wallet'] as const,
  fundings: ['fundings'] as const,
};

/** The kinds a change to the money marks: a charge moves the wallet, a funding the wallet and the fundings. */
export const moneyKinds = { wallet: ['wallet'], walletAndFundings: ['wallet', 'fundings'] } as const;
