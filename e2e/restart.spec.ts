import { expect, test } from './support/test';
import { freshStorage, startMate } from './support/mate-server';
// These tests are about signing in: through the form, as a user does.
import { signInByForm as signIn } from './support/sign-in';

test('data survives a clean stop and start, and the administrator is created only once', async ({ page }) => {
  // Two first starts of the product (migrations, demo data) in one test: on a shared 2-core machine with the other
  // worker busy that has taken close to the default 60 s.
  test.setTimeout(120_000);
  const storage = await freshStorage();
  const first = await startMate(storage);
  const password = /created the administrator 'admin' with the password (\S{20})/.exec(first.output())?.[1];
  expect(password, 'the generated password is printed once').toBeTruthy();
  try {
    await signIn(page, first.url, password!);
    const installation = await page.getByTestId('installation-id').textContent();
    expect(installation).toMatch(/^[0-9a-f-]{36}$/);
    expect(await first.stop(), `the first server's output:\n${first.output()}`).toBe(0);

    const second = await startMate(storage, {}, first.port);
    try {
      // The same password still signs in: the user and the installation survived.
      await page.context().clearCookies();
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await signIn(page, second.url, password!);
      await expect(page.getByTestId('installation-id')).toHaveText(installation!);
      expect(second.output()).not.toContain('created the administrator');
    } finally {
      // A stop that does not end within the server's 10 s exits 1: its output says what it was still doing.
      expect(await second.stop(), `the second server's output:\n${second.output()}`).toBe(0);
    }
  } finally {
    await first.stop();
  }
});

test('a bad configuration value stops the start with a message naming the variable', async () => {
  const storage = await freshStorage();
  await expect(startMate(storage, { PORT: 'eighty' })).rejects.toThrow(/PORT must be a whole number/);
});
