import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { browserStorage, storeItem } from '../storage/browser-storage';

/** The theme choices of spec 1 §2 footer. */
export type ThemeChoice = 'auto' | 'light' | 'dark';

const STORAGE_KEY = 'mate.theme';

interface ColorModeValue {
  choice: ThemeChoice;
  resolved: 'light' | 'dark';
  setChoice: (choice: ThemeChoice) => void;
}

const ColorModeContext = createContext<ColorModeValue | undefined>(undefined);

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches === true;
}

function readChoice(): ThemeChoice {
  const stored = browserStorage('local').getItem(STORAGE_KEY);
  return stored === 'light' || stored === 'dark' ? stored : 'auto';
}

/**
 * Theme auto / light / dark. Chakra v3 reads the `dark` class on <html>; 'auto' follows the system
 * setting live.
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [choice, setChoiceState] = useState<ThemeChoice>(readChoice);
  const [systemDark, setSystemDark] = useState(systemPrefersDark);

  useEffect(() => {
    const query = window.matchMedia?.('(prefers-color-scheme: dark)');
    if (!query) return;
    const onChange = () => setSystemDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const resolved = choice === 'auto' ? (systemDark ? 'dark' : 'light') : choice;

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', resolved === 'dark');
    root.classList.toggle('light', resolved === 'light');
    root.style.colorScheme = resolved;
  }, [resolved]);

  const setChoice = useCallback((next: ThemeChoice) => {
    setChoiceState(next);
    storeItem('local', STORAGE_KEY, next === 'auto' ? null : next);
  }, []);

  const value = useMemo(() => ({ choice, resolved, setChoice }), [choice, resolved, setChoice]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

/** The current theme choice and its setter. */
export function useColorMode(): ColorModeValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error('useColorMode needs a ColorModeProvider');
  return value;
}
