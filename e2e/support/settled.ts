import type { Page } from '@playwright/test';

/**
 * Waits until the page's transitions and animations (a dialog's or popover's fade-in, colour changes) are over, so a
 * screenshot or a contrast check sees the final colours and not a frame of the fade.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}
