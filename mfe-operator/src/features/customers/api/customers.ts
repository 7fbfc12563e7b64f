import useSWR from 'swr';
import { staffReader } from '../../../lib/staff-api';
import { useStaffSession } from '../../../lib/staff-session';
import type { Answer } from '../../../lib/wire';

export type CustomersFound = Answer<'/api/v1/staff/customers', 'get'>;
export type CustomerDetail = Answer<'/api/v1/staff/customers/{id}', 'get'>;

/** Customers matching what was typed; nothing is read until something is. */
export function useCustomerSearch(query: string) {
  const session = useStaffSession();
  const q = query.trim();
  return useSWR<CustomersFound>(session && q ? [`/api/v1/staff/customers?q=${encodeURIComponent(q)}`, session.token] : null, staffReader, {
    revalidateOnFocus: false,
  });
}

/** One customer, read-only (each look is in the audit log, so it is read once per visit, not on every focus). */
export function useCustomer(id: string | undefined) {
  const session = useStaffSession();
  return useSWR<CustomerDetail>(session && id ? [`/api/v1/staff/customers/${encodeURIComponent(id)}`, session.token] : null, staffReader, {
    revalidateOnFocus: false,
  });
}
