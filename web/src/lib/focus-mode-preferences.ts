import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether focus mode dims every paragraph but the one being written. A preference of this device (like the
 * window's size), kept in localStorage: it is read on every keystroke's paint and asks nothing of the server.
 */
const DIM_STORAGE_KEY = 'loreweaver-focus-dim';
const listeners = new Set<() => void>();

function readDimOthers(): boolean {
  try {
    return window.localStorage.getItem(DIM_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The dimming preference and its setter; every reader on the page (and other tabs) follows a change. */
export function useFocusDimPreference(): [boolean, (dim: boolean) => void] {
  const dimOthers = useSyncExternalStore(subscribe, readDimOthers, () => false);
  const setDimOthers = useCallback((dim: boolean) => {
    try {
      window.localStorage.setItem(DIM_STORAGE_KEY, String(dim));
    } catch {
      // Storage refused: the choice lasts as long as nothing re-reads it, which is the best on offer.
    }
    listeners.forEach((listener) => listener());
  }, []);
  return [dimOthers, setDimOthers];
}
