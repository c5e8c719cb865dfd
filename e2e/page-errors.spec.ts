import { expect, test } from './support/test';

// The shared fixture of support/test.ts on pages without a server: a test during which the page fails must fail.

test.describe('the page-error watch fails the test', () => {
  test.fail(); // each test below must end failed: by the watch, after its body has passed

  test('when the page throws an uncaught error', async ({ page }) => {
    await page.setContent('<button onclick="throw new Error(\'boom\')">Go</button>');
    await page.getByRole('button', { name: 'Go' }).click();
  });

  test('when the page logs an error to the console', async ({ page }) => {
    await page.setContent('<script>console.error("The above error occurred in the <Editor> component")</script>');
  });

  test('on a page of a context the test made itself', async ({ browser }) => {
    const page = await (await browser.newContext()).newPage();
    await page.setContent('<button onclick="throw new Error(\'boom\')">Go</button>');
    await page.getByRole('button', { name: 'Go' }).click();
  });
});

test('the watch collects a thrown error with its message', async ({ page, pageErrors }) => {
  await page.setContent('<button onclick="throw new TypeError(\'Illegal invocation\')">Go</button>');
  await page.getByRole('button', { name: 'Go' }).click();
  await expect.poll(() => pageErrors.reports.length).toBe(1);
  // Taken, so this test (about what the watch saw) does not fail by it.
  expect(pageErrors.take()).toEqual([expect.stringContaining('uncaught TypeError: Illegal invocation')]);
});

test('a console error the test allows, and warnings, pass', async ({ page, pageErrors }) => {
  pageErrors.allow(/^\[system error\]/);
  await page.setContent('<script>console.error("[system error] expected"); console.warn("just a warning")</script>');
  await expect(page.locator('script')).toHaveCount(1);
});
