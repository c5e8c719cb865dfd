import { blocking, formatViolations, scanPage } from './support/axe';
import { expect, test, type Page } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

// Issue 18, messages between signed-in users (docs/messages.md): two demo users of Mate Deutschland in two browsers.
// One starts a conversation and writes (Shift+Enter a new line, Enter sends); the other sees the badge and the
// message without a reload, reads it (the badge clears), answers, and the first sees the answer live; a reload keeps
// the history; markup in a message stays text. Light English at 1440 px and dark Arabic at 390 px.
const DEMO_PASSWORD = 'demo-pass-1';
const mate = serveMateForSpec();

test.describe.configure({ mode: 'serial' });

async function noBlockingFindings(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  const violations = blocking(await scanPage(page));
  expect(violations, formatViolations(violations)).toEqual([]);
}

let conversationUrl = '';

test('a message reaches the other user live, the badge counts it and clears when read; a reload keeps the history', async ({ browser }) => {
  test.setTimeout(240_000);
  const writerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const readerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const writer = await writerContext.newPage();
  const reader = await readerContext.newPage();
  await signIn(writer, mate.url, DEMO_PASSWORD, '/messages', 'messages-page', 'manager.de');
  await signIn(reader, mate.url, DEMO_PASSWORD, '/', 'title-bar', 'cashier.de');
  await expect(reader.getByTestId('messages-button')).toBeVisible();
  await expect(reader.getByTestId('messages-badge')).toHaveCount(0);

  // The writer picks the cashier among the users of the organisation.
  await writer.getByTestId('conversation-new').click();
  await writer.getByTestId('conversation-search').fill('cashier');
  const person = writer.getByTestId('conversation-person').filter({ hasText: 'cashier.de' });
  await expect(person).toHaveCount(1);
  await expect(writer.getByTestId('conversation-person').filter({ hasText: 'cashier.at' })).toHaveCount(0);
  await person.click();
  await writer.getByTestId('conversation-start').click();
  await expect(writer.getByTestId('conversation-dialog')).toHaveCount(0);
  const input = writer.getByTestId('message-input');
  await input.click();
  await writer.keyboard.type('Hello <b>team</b> https://example.com');
  await writer.keyboard.press('Shift+Enter');
  await writer.keyboard.type('second line');
  await writer.keyboard.press('Enter');
  const sent = writer.getByTestId('message').last();
  await expect(sent.getByTestId('message-text')).toHaveText('Hello <b>team</b> https://example.com\nsecond line');
  await expect(sent).toHaveAttribute('data-own', 'true');
  await expect(input).toHaveValue('');
  await expect(sent.locator('a, b')).toHaveCount(0);
  conversationUrl = writer.url();
  expect(conversationUrl).toMatch(/\/messages\?c=\d+$/);

  // The reader's badge counts it without a reload.
  await expect(reader.getByTestId('messages-badge')).toHaveText('1', { timeout: 20_000 });
  await expect(reader.getByTestId('messages-button')).toHaveAttribute('aria-label', 'Messages, 1 unread');
  await reader.getByTestId('messages-button').click();
  const item = reader.getByTestId('conversation-item').first();
  await expect(item.getByTestId('conversation-unread')).toHaveText('1');
  await item.click();
  const received = reader.getByTestId('message').last();
  await expect(received.getByTestId('message-text')).toHaveText('Hello <b>team</b> https://example.com\nsecond line');
  await expect(received).toHaveAttribute('data-own', 'false');
  await expect(reader.getByTestId('messages-badge')).toHaveCount(0, { timeout: 20_000 });
  await expect(item.getByTestId('conversation-unread')).toHaveCount(0);

  // The answer reaches the writer's open conversation live.
  await reader.getByTestId('message-input').click();
  await reader.keyboard.type('Got it, thanks!');
  await reader.keyboard.press('Enter');
  await expect(writer.getByTestId('message').last().getByTestId('message-text')).toHaveText('Got it, thanks!', { timeout: 20_000 });
  // The writer is looking at the conversation, so the answer is read at once: no badge stays.
  await expect(writer.getByTestId('messages-badge')).toHaveCount(0, { timeout: 20_000 });

  await noBlockingFindings(writer);
  await writer.screenshot({ path: 'test-results/messages-en-light-1440.png' });

  // A reload keeps the history.
  await reader.reload();
  await expect(reader.getByTestId('message')).toHaveCount(2, { timeout: 30_000 });
  await expect(reader.getByTestId('conversation-title')).not.toBeEmpty();
  await writerContext.close();
  await readerContext.close();
});

test('Arabic, dark, 390 px: the list and the conversation take turns, right to left, within the phone', { tag: '@looks' }, async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const page = await context.newPage();
  await signIn(page, mate.url, DEMO_PASSWORD, '/', 'title-bar', 'cashier.de');
  await page.evaluate(() => localStorage.setItem('mate.locale', 'ar'));
  await page.goto(`${mate.url}/messages`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('conversation-item')).toHaveCount(1);
  await expect(page.getByTestId('conversation-new')).toHaveText('محادثة جديدة');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/messages-list-ar-dark-390.png' });

  await page.getByTestId('conversation-item').click();
  await expect(page.getByTestId('conversation-list')).toBeHidden();
  await expect(page.getByTestId('message')).toHaveCount(2);
  await page.getByTestId('message-input').click();
  await page.keyboard.type('مرحبا');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('message').last().getByTestId('message-text')).toHaveText('مرحبا');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await noBlockingFindings(page);
  await page.screenshot({ path: 'test-results/messages-conversation-ar-dark-390.png' });
  await page.getByRole('button', { name: 'كل المحادثات' }).click();
  await expect(page.getByTestId('conversation-list')).toBeVisible();
  await context.close();
});
