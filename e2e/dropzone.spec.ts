import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';
import { settled } from './support/settled';

// Issue 18, the dropzone (docs/uploads.md): opened from the navigation in Mate Deutschland, two images uploaded at
// once with their progress, a file of the wrong type and one too large refused with their messages, then the image
// an article's ImageName names shown in the article grid and its editor, after a reload.
const PASSWORD = 'dropzone-e2e-password';
const MAX_BYTES = 20_000;
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD, MATE_UPLOAD_MAX_BYTES: String(MAX_BYTES) });
const KIND = 'pos-supply/article';

/** A solid-colour PNG of `size` pixels square, made here (no file fetched); `padding` bytes make it larger. */
function png(rgb: [number, number, number], size = 16, padding = 0): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), ...(padding ? [chunk('tEXt', Buffer.alloc(padding, 0x41))] : []), chunk('IEND', Buffer.alloc(0))]);
}

async function chooseDeutschland(page: Page): Promise<void> {
  await page.getByTestId('organisation-selector').click();
  await expect(page.getByTestId('organisation-list')).toBeVisible();
  await settled(page);
  await page.getByTestId('organisation-list').getByTestId('organisation-option').filter({ hasText: 'Mate Deutschland' }).first().click();
  await expect(page.getByTestId('organisation-selector')).toHaveAccessibleName('Organisation: Mate Deutschland');
}

test('uploads two images at once with progress, refuses a wrong type and a too large file, shows the image in the grid and editor after a reload', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, mate.url, PASSWORD);
  await chooseDeutschland(page);

  // The first article of the tenant and the image name it holds (demo data: art-<number>.jpg).
  await page.goto(`${mate.url}/data/${KIND}`);
  await expect(page.getByTestId('data-grid-page')).toBeVisible({ timeout: 30_000 });
  const listCall = page.waitForRequest((request) => request.method() === 'GET' && new URL(request.url()).pathname === `/api/data/${KIND}`);
  await page.getByTestId('grid-search').click();
  const headers = Object.fromEntries(Object.entries(await (await listCall).allHeaders()).filter(([name]) => name === 'authorization' || name.startsWith('x-mate-')));
  const first = (await (await page.request.get(`${mate.url}/api/data/${KIND}?take=1&orderBy=Oid`, { headers })).json()) as { items: { Oid: number; ImageName: string }[] };
  const article = first.items[0]!;
  expect(article.ImageName).toMatch(/\.jpg$/);

  // From the navigation.
  await page.getByTestId('mega-menu-/tools').click();
  await page.locator('[data-testid="mega-menu-panel"]:visible').getByRole('link', { name: 'Image dropzone', exact: true }).click();
  await expect(page).toHaveURL(/\/tools\/dropzone$/);
  const input = page.getByTestId('dropzone-input');
  // The file input is reached by keyboard.
  for (let i = 0; i < 60 && !(await input.evaluate((node) => node === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(input).toBeFocused();

  await input.setInputFiles([
    { name: article.ImageName, mimeType: 'image/jpeg', buffer: png([220, 60, 40], 32) },
    { name: 'second-image.png', mimeType: 'image/png', buffer: png([40, 120, 220], 32) },
  ]);
  const items = page.getByTestId('upload-item');
  await expect(items).toHaveCount(2);
  await expect(items.getByRole('progressbar')).toHaveCount(2);
  await expect(items.filter({ hasText: article.ImageName })).toHaveAttribute('data-state', 'done');
  await expect(items.filter({ hasText: 'second-image.png' })).toHaveAttribute('data-state', 'done');
  await expect(items.filter({ hasText: article.ImageName })).toContainText('One record names this image.');

  await input.setInputFiles([
    { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
    { name: 'too-large.png', mimeType: 'image/png', buffer: png([0, 0, 0], 8, MAX_BYTES) },
  ]);
  const svg = items.filter({ hasText: 'logo.svg' });
  await expect(svg).toHaveAttribute('data-state', 'failed');
  await expect(svg.getByTestId('upload-message')).toContainText("'logo.svg' is not a PNG, JPEG, WebP or GIF image by its content");
  const large = items.filter({ hasText: 'too-large.png' });
  await expect(large).toHaveAttribute('data-state', 'failed');
  await expect(large.getByTestId('upload-message')).toContainText("'too-large.png' is larger than 20 KiB");
  await expect(page.getByTestId('stored-image')).toHaveCount(2);
  await page.screenshot({ path: 'test-results/dropzone-en-light-1440.png', fullPage: true });

  // After a reload: the stored images, the article grid's thumbnail and the editor's preview.
  await page.reload();
  await expect(page.getByTestId('stored-image')).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByTestId('stored-image').filter({ hasText: 'second-image.png' }).getByTestId('image-preview')).toHaveAttribute('data-loaded', 'true');
  await page.goto(`${mate.url}/data/${KIND}`);
  await page.getByTestId('grid-search').click();
  await expect(page.getByTestId('data-grid').locator('[data-testid="image-preview"][data-loaded="true"]').first()).toBeVisible({ timeout: 30_000 });
  await page.goto(`${mate.url}/data/${KIND}/${article.Oid}`);
  const editor = page.getByTestId('record-editor');
  await editor.getByRole('tab', { name: 'Units & image' }).click();
  await expect(editor.locator('[data-field="ImageName"] [data-testid="image-preview"]')).toHaveAttribute('data-loaded', 'true', { timeout: 30_000 });
  await page.screenshot({ path: 'test-results/dropzone-editor-en-light-1440.png' });
});

test('Arabic, dark, 390 px: the dropzone fits the phone', { tag: '@looks' }, async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const page = await context.newPage();
  await signIn(page, mate.url, PASSWORD);
  await page.evaluate(() => localStorage.setItem('mate.locale', 'ar'));
  await page.goto(`${mate.url}/tools/dropzone`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('dropzone')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('dropzone-input').setInputFiles([{ name: 'phone.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') }]);
  await expect(page.getByTestId('upload-item')).toHaveAttribute('data-state', 'failed');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/dropzone-ar-dark-390.png', fullPage: true });
  await context.close();
});
