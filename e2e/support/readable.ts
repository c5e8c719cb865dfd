import { expectAccessible } from './axe';
import { expect, type Page } from './test';

/**
 * What every looks check asks of a page in one look (a theme, a language, a width): axe finds nothing serious or
 * critical, and nothing runs off the side of the window (the elements that stick out are named on failure).
 */
export async function expectReadable(page: Page, what: string): Promise<void> {
  await expectAccessible(page, what);
  const { overflow, outside } = await page.evaluate(() => ({
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    outside: [...document.querySelectorAll('body *')]
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.left < -1 || box.right > window.innerWidth + 1)
      .slice(0, 8)
      .map(({ element, box }) => `${element.tagName.toLowerCase()}[${element.getAttribute('data-testid') ?? ''}] ${Math.round(box.left)}..${Math.round(box.right)}`),
  }));
  expect(overflow, `${what} runs ${overflow} px off the side: ${outside.join(', ')}`).toBeLessThanOrEqual(0);
}

/** Switches the page to one look before its next navigation: window size, colour scheme and the language chosen. */
export async function useLook(page: Page, look: { theme: 'light' | 'dark'; locale: string; width: number; height: number }): Promise<void> {
  await page.setViewportSize({ width: look.width, height: look.height });
  await page.emulateMedia({ colorScheme: look.theme });
  await page.addInitScript((chosenLocale) => localStorage.setItem('mate.locale', chosenLocale), look.locale);
}
