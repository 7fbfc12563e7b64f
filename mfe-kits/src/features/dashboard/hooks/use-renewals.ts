import { renewalsApi, type KitRenewal } from 'shared-api';
import { newestFirst } from '../../../lib/renewal-rules';
import { useLatestRequest } from './use-latest-request';

export const RENEWALS_FAILED = 'Failed to fetch renewal history.';

const loadRenewals = async (kitId: string) => newestFirst(await renewalsApi.listForKit(kitId));
const NONE: KitRenewal[] = [];

export function useRenewals(kitId: string | undefined) {
  const { data, loading, failed, reload } = useLatestRequest(kitId, loadRenewals, RENEWALS_FAILED);
  return { renewals: data ?? NONE, loading, failed, reload };
}
