import { Flex, HStack } from '@chakra-ui/react';
import { UserMenu } from '../auth';
import { usePagePath } from './base-path';
import { FavouriteToggle } from './favourite-toggle';
import { NetworkActivityMenu } from './network-activity-menu';
import { OrganisationSelector } from './organisation-selector';
import { PageTitle } from './page-title';
import { TestModeToggle } from './test-mode-toggle';

/** Title bar: page icon and title (or the root header), then the page and user actions. */
export function TitleBar() {
  const path = usePagePath();
  return (
    <Flex px="4" py="2" gap="3" align="center" data-testid="title-bar">
      <PageTitle />
      {path !== '/' && <FavouriteToggle />}
      <HStack gap="1" ms="auto">
        <TestModeToggle />
        <OrganisationSelector />
        <NetworkActivityMenu />
        <UserMenu />
      </HStack>
    </Flex>
  );
}
