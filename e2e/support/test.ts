import { test as base, expect } from '@playwright/test';
import { PageErrorCollector } from './page-errors';

export { expect };
export type { APIRequestContext, Locator, Page } from '@playwright/test';

/**
 * Every spec's `test`: Playwright's, plus a watch on every page the test opens (its own `page` and those of contexts
 * it creates with `browser.newContext()`). A test during which a page throws an uncaught error or logs an error to
 * the console fails after its body, with the reports, so a crash can never pass silently. `pageErrors.allow(/.../)`
 * accepts a console error the test provokes on purpose.
 */
export const test = base.extend<{ pageErrors: PageErrorCollector }>({
  pageErrors: [
    async ({ context, browser }, use) => {
      const collector = new PageErrorCollector();
      collector.watchContext(context);
      // Contexts the test makes itself are watched too: wrap newContext for the duration of the test only.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const created = await newContext(...args);
        collector.watchContext(created);
        return created;
      };
      try {
        await use(collector);
      } finally {
        browser.newContext = newContext;
      }
      expect(collector.reports, 'the page reported errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});
