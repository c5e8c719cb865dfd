import type { ReactNode } from 'react';
import { HubProvider } from '../lib/hub/hub-provider';
import { CommandBarProvider } from './command-bar';
import { LayoutChoiceProvider } from './layout-choice';
import { NavigationProvider } from './navigation-context';
import { TenancyProvider } from './tenancy-context';
import { UserPagesProvider } from './user-pages-context';

/** The state every signed-in page shares: the hub connection, tenant, navigation and permissions, favourites and recent pages. */
export function ShellProviders({ children }: { children: ReactNode }) {
  return (
    <HubProvider>
      <TenancyProvider>
        <NavigationProvider>
          <UserPagesProvider>
            <LayoutChoiceProvider>
              <CommandBarProvider>{children}</CommandBarProvider>
            </LayoutChoiceProvider>
          </UserPagesProvider>
        </NavigationProvider>
      </TenancyProvider>
    </HubProvider>
  );
}
