import type { ReactNode } from 'react';
import { ModalCodeEditorProvider, type ModalCodeEditorLoader } from '../../renderers/code-editor/modal-code-editor-registry';
import { HubProvider } from '../lib/hub/hub-provider';
import { BackofficeSettingsProvider } from './backoffice-settings-context';
import { CommandBarProvider } from './command-bar';
import { LayoutChoiceProvider } from './layout-choice';
import { NavigationProvider } from './navigation-context';
import { TenancyProvider } from './tenancy-context';
import { UserPagesProvider } from './user-pages-context';

// The app's modal code editor (CodeMirror), fetched the first time a field or page asks for it.
const loadModalCodeEditor: ModalCodeEditorLoader = () => import('../../renderers/code-editor/modal-code-editor').then((module) => module.ModalCodeEditor);

/**
 * The state every signed-in page shares: the hub connection, tenant, the back office settings in force (and the idle
 * lock), navigation and permissions, favourites and recent pages, and the modal code editor.
 */
export function ShellProviders({ children }: { children: ReactNode }) {
  return (
    <HubProvider>
      <TenancyProvider>
        <BackofficeSettingsProvider>
          <NavigationProvider>
            <UserPagesProvider>
              <LayoutChoiceProvider>
                <CommandBarProvider>
                  <ModalCodeEditorProvider load={loadModalCodeEditor}>{children}</ModalCodeEditorProvider>
                </CommandBarProvider>
              </LayoutChoiceProvider>
            </UserPagesProvider>
          </NavigationProvider>
        </BackofficeSettingsProvider>
      </TenancyProvider>
    </HubProvider>
  );
}
