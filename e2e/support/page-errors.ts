import type { BrowserContext, ConsoleMessage, Page } from '@playwright/test';

/**
 * Console errors the browser writes itself about a response the app asked for and handles (a 401 that starts a
 * sign-in, a 404 of a probe, a refused socket while the API restarts). They say nothing about the app's code.
 */
const BROWSER_NETWORK_REPORTS = [/^Failed to load resource: /, /^WebSocket connection to .* failed/];

/**
 * Collects what a page reports that no test may pass over: an uncaught error (a throw in an event handler, a
 * render error React could not catch) and every error the app or React writes to the console (a render error an
 * error boundary caught is logged there). A spec that provokes an expected console error names it with `allow`.
 */
export class PageErrorCollector {
  private readonly problems: string[] = [];
  private readonly allowed: RegExp[] = [];

  /** Accept console errors matching `pattern` for the rest of the test; uncaught errors are never accepted. */
  allow(pattern: RegExp): void {
    this.allowed.push(pattern);
  }

  uncaught(error: Error, where: string): void {
    this.problems.push(`uncaught ${error.name}: ${error.message} (on ${where})\n${error.stack ?? ''}`.trim());
  }

  consoleError(text: string, where: string): void {
    if (BROWSER_NETWORK_REPORTS.some((p) => p.test(text))) return;
    if (this.allowed.some((p) => p.test(text))) return;
    this.problems.push(`console error: ${text} (on ${where})`);
  }

  /** What went wrong so far, one entry per report, in the order they came. */
  get reports(): readonly string[] {
    return this.problems;
  }

  /** Hands over the reports so far and forgets them: for a test that checks what a page reported on purpose. */
  take(): string[] {
    return this.problems.splice(0);
  }

  /** Listens to one page for as long as it lives. */
  watchPage(page: Page): void {
    page.on('pageerror', (error) => this.uncaught(error, page.url()));
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') this.consoleError(message.text(), page.url());
    });
  }

  /** Listens to every page a context has and will open. */
  watchContext(context: BrowserContext): void {
    context.pages().forEach((page) => this.watchPage(page));
    context.on('page', (page) => this.watchPage(page));
  }
}
