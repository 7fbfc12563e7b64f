import { useCallback, useState } from 'react';
import type { Id } from 'shared-api';
import { useData } from 'shared-api/data';
import { dismissNotice, getNotices, noticesKey } from '../api/notices';

/**
 * /home's money notices, through the one data cache: read again when the customer comes back to the tab, so a
 * transfer staff credit while /home is open shows with its notice without a reload. Nothing is shown while they
 * load, when they fail or on a server without them (the page is then as the spec has it); a dismissed notice leaves
 * at once and stays gone on this page if the server could not be told.
 */
export function useMoneyNotices() {
  const { data } = useData(noticesKey, getNotices);
  const [dismissed, setDismissed] = useState<ReadonlySet<Id>>(() => new Set());
  const notices = (data ?? []).filter((n) => !dismissed.has(n.id));

  const dismiss = useCallback((id: Id) => {
    setDismissed((ids) => new Set(ids).add(id));
    dismissNotice(id).catch(() => undefined);
  }, []);

  return { notices, dismiss };
}
