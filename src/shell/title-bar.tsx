import { Flex, HStack } from '@chakra-ui/react';
import { UserMenu } from '../auth';
import { MessagesButton } from '../features/messages/messages-button';
import { useBasePath, usePagePath } from './base-path';
import { FavouriteToggle } from './favourite-toggle';
import { NavigationDrawer } from './navigation-drawer';
import { NetworkActivityMenu } from './network-activity-menu';
import { OrganisationSelector } from './organisation-selector';
import { PageTitle } from './page-title';
import { StoreTillSelector } from './store-till-selector';
import { TestModeToggle } from './test-mode-toggle';

/**
 * Title bar: page icon and title (or the root header), then the page and user actions. Below md it starts with the
 * navigation drawer's button and keeps to one line: the title truncates and the actions show their icons only.
 */
export function TitleBar() {
  const path = usePagePath();
  const base = useBasePath();
  return (
    <Flex px={{ base: '2', md: '4' }} py={{ base: '1', md: '2' }} gap={{ base: '1', md: '3' }} align="center" minW="0" data-testid="title-bar">
      <NavigationDrawer />
      <PageTitle />
      {path !== '/' && <FavouriteToggle />}
      <HStack gap="1" ms="auto" flexShrink="0">
        <TestModeToggle />
        <OrganisationSelector />
        <StoreTillSelector />
        <MessagesButton basePath={base} />
        <NetworkActivityMenu />
        <UserMenu />
      </HStack>
    </Flex>
  );
}
