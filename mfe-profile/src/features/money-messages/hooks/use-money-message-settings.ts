import { useCallback, useEffect, useState } from 'react';
import type { MoneyEventType } from 'portal-rules';
import { getPreferences, setPreference, type MoneyMessagePreferences } from '../api/preferences';

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * The customer's money-message switches: `loading` until they arrive; null when they fail to load or on a server
 * without them (then /profile is as the spec has it). A switch shows its new state at once and goes back if the save
 * fails.
 */
export function useMoneyMessageSettings() {
  const [prefs, setPrefs] = useState<MoneyMessagePreferences | null>(null);
  const [absent, setAbsent] = useState(false);
  const [save, setSave] = useState<SaveState>('idle');

  useEffect(() => {
    let current = true;
    getPreferences().then(
      (p) => current && setPrefs(p),
      () => current && setAbsent(true),
    );
    return () => {
      current = false;
    };
  }, []);

  const toggle = useCallback((type: MoneyEventType, enabled: boolean) => {
    setPrefs((p) => (p ? { ...p, [type]: enabled } : p));
    setSave('saving');
    setPreference(type, enabled).then(
      (p) => {
        setPrefs(p);
        setSave('saved');
      },
      () => {
        setPrefs((p) => (p ? { ...p, [type]: !enabled } : p));
        setSave('failed');
      },
    );
  }, []);

  return { prefs, loading: !prefs && !absent, save, toggle };
}
