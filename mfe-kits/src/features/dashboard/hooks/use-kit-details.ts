import { isApiError, kitsApi, type Kit } from 'shared-api';
import { useLatestRequest } from './use-latest-request';

export const KIT_DETAILS_FAILED = 'Failed to fetch kit details.';

const loadKit = async (kitId: string): Promise<Kit> => (await kitsApi.show(kitId)).kit;

export function useKitDetails(kitId: string | undefined) {
  const { data: kit, setData: setKit, loading, failed, error, reload } = useLatestRequest(
    kitId,
    loadKit,
    KIT_DETAILS_FAILED,
  );
  // A 404 is an answer, not a failure to get one: this customer has no such kit, and trying again cannot help.
  const notFound = failed && isApiError(error) && error.status === 404;
  return { kit, setKit, loading, failed, notFound, reload };
}
