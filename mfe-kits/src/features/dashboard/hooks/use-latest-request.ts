import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from 'shared-ui';

/**
 * Loads `load()` whenever `key` changes or `reload()` is called, keeping only the answer to the latest
 * request (a slow old answer never overwrites a newer one) and toasting `failureMessage` on failure (`error` keeps
 * why, so a screen can tell "not found" from "could not load").
 */
export function useLatestRequest<T>(key: string | undefined, load: (key: string) => Promise<T>, failureMessage: string) {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [version, setVersion] = useState(0);
  const latest = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (!key) return;
    const request = ++latest.current;
    setLoading(true);
    loadRef
      .current(key)
      .then((value) => {
        if (request !== latest.current) return;
        setData(value);
        setFailed(false);
        setError(null);
      })
      .catch((reason: unknown) => {
        if (request !== latest.current) return;
        setFailed(true);
        setError(reason);
        notify.error(failureMessage);
      })
      .finally(() => {
        if (request === latest.current) setLoading(false);
      });
  }, [key, version, failureMessage]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, setData, loading, failed, error, reload };
}
