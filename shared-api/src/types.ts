import type { components, paths } from './generated/api-schema';

/**
 * Entities of spec section 3, derived from the API's OpenAPI document (src/generated, `npm run api:types`). The
 * portal works against any server that honours spec section 7, so each type keeps required only what section 7
 * promises, takes ids as numbers or strings, and statuses it does not know; the endpoint functions normalise
 * amounts to numbers and the response wrappers, so what they return matches these types.
 */
type Wire = components['schemas'];

/** Ids may be numbers or strings depending on the server. */
export type Id = number | string;

/** `T` with `Keys` required, its other fields optional, and an id of either kind. */
type Entity<T, Keys extends keyof T> = Pick<T, Keys> & Partial<Omit<T, Keys | 'id'>> & { id: Id };

/** The JSON body a call sends, straight from the document. */
export type RequestBody<P extends keyof paths, M extends 'post' | 'put'> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export type User = Entity<Wire['User'], 'name' | 'email' | 'phone_number' | 'whatsapp_number' | 'created_at'>;

export type Wallet = Entity<Wire['Wallet'], 'wallet_id' | 'balance'>;

export type KitStatus = Wire['Kit']['status'] | (string & {});

export type Kit = Entity<Omit<Wire['Kit'], 'status'>, 'kit_number' | 'auto_renew'> & { status: KitStatus };

export interface KitPage {
  kits: Kit[];
  total_pages: number;
  total_count: number;
}

export type FundingStatus = Wire['WalletFunding']['status'] | (string & {});

export type WalletFunding = Entity<Omit<Wire['WalletFunding'], 'status'>, 'reference' | 'payment_method' | 'amount' | 'created_at'> & {
  status: FundingStatus;
};

export type KitRenewal = Entity<
  Omit<Wire['KitRenewal'], 'status'>,
  'amount' | 'deadline' | 'created_at' | 'start_date' | 'end_date'
> & { status: Wire['KitRenewal']['status'] | (string & {}) };

export type PaymentMethod = RequestBody<'/api/v1/starlink_wallet_fundings', 'post'>['starlink_wallet_funding']['payment_method'];
