import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { browserStorage, storeItem } from '../lib/storage/browser-storage';

/** Layout choices of the footer (spec 1 §9). */
export type LayoutChoice = 'auto' | 'full-width' | 'boxed';

const KEY = 'mate.layout';
const LayoutContext = createContext<{ layout: LayoutChoice; setLayout: (choice: LayoutChoice) => void } | undefined>(undefined);

function readLayout(): LayoutChoice {
  const stored = browserStorage('local').getItem(KEY);
  return stored === 'full-width' || stored === 'boxed' ? stored : 'auto';
}

/** The page width choice, kept on this device. */
export function LayoutChoiceProvider({ children }: { children: ReactNode }) {
  const [layout, setState] = useState<LayoutChoice>(readLayout);
  const setLayout = useCallback((choice: LayoutChoice) => {
    setState(choice);
    storeItem('local', KEY, choice);
  }, []);
  const value = useMemo(() => ({ layout, setLayout }), [layout, setLayout]);
  return <LayoutContext.Provider value={value}>{children}</LayoutContext.Provider>;
}

/** The layout choice and its setter. */
export function useLayoutChoice() {
  const value = useContext(LayoutContext);
  if (!value) throw new Error('useLayoutChoice needs a LayoutChoiceProvider');
  return value;
}

/** Content width per choice: auto is boxed only on very wide screens. Changes animate over 250 ms (spec 1 §9). */
export const LAYOUT_MAX_WIDTH: Record<LayoutChoice, string | Record<string, string>> = {
  auto: { base: '100%', '2xl': '1600px' },
  'full-width': '100%',
  boxed: '1200px',
};
