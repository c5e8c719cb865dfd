import type { Page } from '@playwright/test';

/**
 * Opens `path` (`/data/...`, with its query) of the product at `baseUrl` in `page`. When the page already shows the
 * signed-in app there, the route changes as the app's own links change it (the router's history entry and a
 * popstate), without loading and starting the app again: a full load costs a test two to four seconds of a shared
 * 2-core machine's time (docs/testing.md "Browser tests: one app load per test"). Otherwise the page loads `path`.
 *
 * For a test whose subject is what a reload or a typed address does, use `page.goto`.
 */
export async function openInApp(page: Page, baseUrl: string, path: string): Promise<void> {
  const here = page.url();
  const sameApp = here.startsWith(`${new URL(baseUrl).origin}/`) && (await page.getByTestId('title-bar').isVisible());
  if (!sameApp) {
    await page.goto(`${baseUrl}${path}`);
    return;
  }
  await page.evaluate((to) => {
    // An entry without the router's position (`idx`): the router follows it as it follows a link, and a guard of
    // unsaved changes does not hold it (the router cannot undo a step of unknown size), so a test that means to
    // meet that guard clicks a link instead.
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
