import { Box } from '@chakra-ui/react';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const CommandBarContext = createContext<{ target: HTMLElement | null; setTarget: (element: HTMLElement | null) => void } | undefined>(undefined);

/** Holds the command bar's place in the header so pages can fill it. */
export function CommandBarProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  return <CommandBarContext.Provider value={{ target, setTarget }}>{children}</CommandBarContext.Provider>;
}

/** The header's command bar area (empty until a page puts commands in it); a narrow screen scrolls it sideways. */
export function CommandBarSlot() {
  const context = useContext(CommandBarContext);
  return <Box ref={context?.setTarget} data-testid="command-bar" display="flex" gap="2" alignItems="center" px={{ base: '2', md: '4' }} _empty={{ display: 'none' }} py="1" borderTopWidth="1px" overflowX="auto" css={{ '& > *': { flexShrink: 0 } }} />;
}

/** A page's commands, shown in the header's command bar (rendered in place when there is no shell). */
export function CommandBar({ children }: { children: ReactNode }) {
  const context = useContext(CommandBarContext);
  if (!context) return <>{children}</>;
  return context.target ? createPortal(children, context.target) : null;
}
