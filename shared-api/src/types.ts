/** Entities of spec section 3. Ids may be numbers or strings depending on the server. */
export type Id = number | string;

export interface User {
  id: Id;
  name: string;
  email: string;
  phone_number: string;
  whatsapp_number: string;
  whatsapp_verified?: boolean;
  email_verified?: boolean;
  created_at: string;
}

export interface Wallet {
  id: Id;
  wallet_id: string;
  balance: number | string;
}

export type KitStatus =
  | 'pending'
  | 'active'
  | 'accepted'
  | 'inactive'
  | 'deactivated'
  | 'expiring'
  | 'need_approval'
  | 'expired'
  | 'unapproved'
  | 'invoice'
  | 'receipt'
  | (string & {});

export interface Kit {
  id: Id;
  kit_number: string;
  service_line_number?: string | null;
  status: KitStatus;
  auto_renew: boolean;
  company_name?: string | null;
  company_number?: string | null;
  address?: string | null;
  nin?: string | null;
  created_at?: string;
}

export interface KitPage {
  kits: Kit[];
  total_pages: number;
  total_count: number;
}

export type FundingStatus = 'pending' | 'need_approval' | 'approved' | 'unapproved' | 'expired' | 'expiring' | (string & {});

export interface WalletFunding {
  id: Id;
  reference: string;
  payment_method: string;
  amount: number | string;
  status: FundingStatus;
  created_at: string;
}

export interface KitRenewal {
  id: Id;
  amount: number | string;
  status: 'invoice' | 'receipt' | (string & {});
  deadline: string;
  created_at: string;
  start_date: string;
  end_date: string;
}

export type PaymentMethod = 'offline';
