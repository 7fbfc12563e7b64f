import { Type, type Static, type TSchema } from 'typebox';
import { KIT_STATUSES, type KitStatus } from '../services/kits';
import { FUNDING_STATUSES, type FundingStatus } from '../services/wallet';

/**
 * The entities of spec section 3 as they leave the API. Each is registered once by its `$id` (app.addSchema), so
 * the OpenAPI document names it under components and the generated portal types keep these names; the response
 * serialiser writes only the fields named here.
 */
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const DATE_TIME = Type.String({ format: 'date-time' });

/** A reference to a registered model, typed as the model itself. */
export const ref = <T extends TSchema>(model: T) => Type.Unsafe<Static<T>>({ $ref: `${(model as { $id?: string }).$id}#` });


export const User = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    email: Type.String(),
    phone_number: Type.String(),
    whatsapp_number: Type.String(),
    whatsapp_verified: Type.Boolean(),
    email_verified: Type.Boolean(),
    created_at: DATE_TIME,
  },
  { $id: 'User' },
);

export const Kit = Type.Object(
  {
    id: Type.Integer(),
    kit_number: Type.String(),
    service_line_number: nullable(Type.String()),
    status: Type.Unsafe<KitStatus>({ type: 'string', enum: [...KIT_STATUSES] }),
    auto_renew: Type.Boolean(),
    company_name: nullable(Type.String()),
    company_number: nullable(Type.String()),
    address: Type.String(),
    nin: Type.String(),
    created_at: DATE_TIME,
    /** NGN per period, so the portal can show what an activation or renewal costs. */
    plan_price: Type.Number(),
    /** The latest renewal deadline, null before the first payment: the kit's next renewal date. */
    deadline: nullable(DATE_TIME),
    /** Beyond spec section 3: the price of the kit's next period, in effect on its next renewal date (or now). */
    renewal_price: Type.Number(),
  },
  { $id: 'Kit' },
);

export const Wallet = Type.Object({ id: Type.Integer(), wallet_id: Type.String(), balance: Type.Number() }, { $id: 'Wallet' });

export const WalletFunding = Type.Object(
  {
    id: Type.Integer(),
    reference: Type.String(),
    payment_method: Type.String(),
    amount: Type.Number(),
    status: Type.Unsafe<FundingStatus>({ type: 'string', enum: [...FUNDING_STATUSES] }),
    created_at: DATE_TIME,
  },
  { $id: 'WalletFunding' },
);

export const KitRenewal = Type.Object(
  {
    id: Type.Integer(),
    kit_id: Type.Integer(),
    amount: Type.Number(),
    status: Type.Unsafe<'invoice' | 'receipt'>({ type: 'string', enum: ['invoice', 'receipt'] }),
    deadline: DATE_TIME,
    created_at: DATE_TIME,
    start_date: DATE_TIME,
    end_date: DATE_TIME,
  },
  { $id: 'KitRenewal' },
);

/** What a charge of a kit would take now (beyond spec section 7): the charge quote, and the 409 of a changed price. */
export const ChargeQuote = Type.Object(
  {
    kit_id: Type.Integer(),
    action: Type.Union([Type.Literal('activate'), Type.Literal('renew'), Type.Literal('reactivate')]),
    amount: Type.Number(),
    balance: Type.Number(),
    balance_after: nullable(Type.Number()),
    amount_due: Type.Number(),
    period_start: DATE_TIME,
    period_end: DATE_TIME,
    message: Type.Optional(Type.String()),
    error: Type.Optional(Type.String()),
  },
  { $id: 'ChargeQuote' },
);

/**
 * Every 4xx and 5xx: `message` for the customer; `error` a short reason some screens read; `errors` per field on a
 * failed validation; `amount_due` when the wallet cannot pay; `success: false` on a wrong WhatsApp code; `quote` when
 * a charge's price changed.
 */
export const ErrorBody = Type.Object(
  {
    message: Type.String(),
    error: Type.Optional(Type.String()),
    errors: Type.Optional(Type.Record(Type.String(), Type.String())),
    amount_due: Type.Optional(Type.Number()),
    success: Type.Optional(Type.Literal(false)),
    /** A charge refused because the price differs from the `expected_amount` confirmed (409): the current quote. */
    quote: Type.Optional(ref(ChargeQuote)),
    /** A price change refused as too soon (422): the first Lagos day (YYYY-MM-DD) that gives customers the notice. */
    earliest_from: Type.Optional(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' })),
  },
  { $id: 'ErrorBody' },
);

export const MODELS = [User, Kit, Wallet, WalletFunding, KitRenewal, ChargeQuote, ErrorBody];


export const Message = Type.Object({ message: Type.String() });

/** Every route answers its failures with ErrorBody. */
export const ERRORS = { '4xx': ref(ErrorBody), '5xx': ref(ErrorBody) };

/** The bearer session of spec section 7's "(auth)" calls. */
export const AUTH = [{ bearerAuth: [] }];
