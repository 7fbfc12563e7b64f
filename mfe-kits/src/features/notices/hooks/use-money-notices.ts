import { useCallback, useEffect, useState } from 'react';
import type { Id } from 'shared-api';
import { dismissNotice, getNotices, type MoneyNotice } from '../api/notices';

/**
 * /home's money notices. Nothing is shown while they load, when they fail or on a server without them (the page is
 * then as the spec has it); a dismissed notice leaves at once and stays gone if the server could not be told.
 */
export function useMoneyNotices() {
  const [notices, setNotices] = useState<MoneyNotice[]>([]);

  useEffect(() => {
    let current = true;
    getNotices().then(
      (list) => current && setNotices(list),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  const dismiss = useCallback((id: Id) => {
    setNotices((list) => list.filter((n) => n.id !== id));
    dismissNotice(id).catch(() => undefined);
  }, []);

  return { notices, dismiss };
}
