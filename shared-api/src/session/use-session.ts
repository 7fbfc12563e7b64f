import { useStore } from 'zustand';
import { sessionStore, type SessionState } from './session-store';

/** Read the session through a selector, so a component re-renders only for what it reads. */
export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
