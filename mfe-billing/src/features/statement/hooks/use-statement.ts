import { useCallback, useEffect, useRef } from 'react';
import { isApiError } from 'shared-api';
import { useData } from 'shared-api/data';
import { getStatement, statementKey, type StatementPage } from '../api/get-statement';

export type StatementState =
  | { kind: 'loading'; data: StatementPage | null }
  | { kind: 'ready'; data: StatementPage }
  | { kind: 'failed'; data: StatementPage | null }
  /** A server without the statement (404): the section is not shown. */
  | { kind: 'absent' };

/**
 * A page of the wallet statement through the shared data layer (so it comes back by itself when the API does), read
 * again when the page, its size or `version` (the balance: money moved) changes; the page shown stays on screen while
 * the next one loads.
 */
export function useStatement(page: number, perPage: number, version: unknown) {
  const { data, error, isValidating, mutate } = useData(
    statementKey(page, perPage),
    ([, p, size]) => getStatement(p, size),
    { keepPreviousData: true },
  );

  // The balance arriving is no money moved; a balance that changes is.
  const seen = useRef(version);
  useEffect(() => {
    const before = seen.current;
    seen.current = version;
    if (before !== undefined && before !== version) void mutate();
  }, [version, mutate]);

  const retry = useCallback(() => void mutate(), [mutate]);
  let state: StatementState;
  if (isApiError(error) && error.status === 404) state = { kind: 'absent' };
  else if (error !== undefined && !isValidating) state = { kind: 'failed', data: data ?? null };
  else if (data === undefined || isValidating) state = { kind: 'loading', data: data ?? null };
  else state = { kind: 'ready', data };
  return { state, retry };
}
