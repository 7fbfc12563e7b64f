import { useCallback, useEffect, useState } from 'react';
import { isApiError } from 'shared-api';
import { getStatement, type StatementPage } from '../api/get-statement';

export type StatementState =
  | { kind: 'loading'; data: StatementPage | null }
  | { kind: 'ready'; data: StatementPage }
  | { kind: 'failed'; data: StatementPage | null }
  /** A server without the statement (404): the section is not shown. */
  | { kind: 'absent' };

/**
 * A page of the wallet statement, read again when the page, its size or `version` (the balance: money moved) changes;
 * the page shown stays on screen while the next one loads.
 */
export function useStatement(page: number, perPage: number, version: unknown) {
  const [state, setState] = useState<StatementState>({ kind: 'loading', data: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState((s) => (s.kind === 'absent' ? s : { kind: 'loading', data: 'data' in s ? s.data : null }));
    getStatement(page, perPage).then(
      (data) => current && setState({ kind: 'ready', data }),
      (error: unknown) => {
        if (!current) return;
        if (isApiError(error) && error.status === 404) setState({ kind: 'absent' });
        else setState((s) => ({ kind: 'failed', data: 'data' in s ? s.data : null }));
      },
    );
    return () => {
      current = false;
    };
  }, [page, perPage, version, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
