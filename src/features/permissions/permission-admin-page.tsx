import { Tabs } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { MatrixTab } from './matrix-tab';
import { SubjectPermissionsTab } from './subject-permissions-tab';
import { UserRolesTab } from './user-roles-tab';
import { WhyTab } from './why-tab';

/** /admin/permissions (component 'permission-matrix'): the matrix, the checkbox trees and the "why" view. */
export function PermissionAdminPage() {
  return (
    <Tabs.Root defaultValue="matrix" variant="line" lazyMount unmountOnExit={false} data-testid="permission-admin">
      <Tabs.List>
        <Tabs.Trigger value="matrix">
          <Trans>Matrix</Trans>
        </Tabs.Trigger>
        <Tabs.Trigger value="user-roles">
          <Trans>User roles</Trans>
        </Tabs.Trigger>
        <Tabs.Trigger value="role-permissions">
          <Trans>Role permissions</Trans>
        </Tabs.Trigger>
        <Tabs.Trigger value="user-permissions">
          <Trans>User permissions</Trans>
        </Tabs.Trigger>
        <Tabs.Trigger value="why">
          <Trans>Why?</Trans>
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="matrix">
        <MatrixTab />
      </Tabs.Content>
      <Tabs.Content value="user-roles">
        <UserRolesTab />
      </Tabs.Content>
      <Tabs.Content value="role-permissions">
        <SubjectPermissionsTab kind="role" />
      </Tabs.Content>
      <Tabs.Content value="user-permissions">
        <SubjectPermissionsTab kind="user" />
      </Tabs.Content>
      <Tabs.Content value="why">
        <WhyTab />
      </Tabs.Content>
    </Tabs.Root>
  );
}
