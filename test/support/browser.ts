import { existsSync } from 'node:fs';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { chromium } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

/**
 * Debian's Chromium, driven by playwright-core, opening pages that can reach nothing but the
 * server under test: what an air-gapped user sees. Launched on the first page, so a machine
 * without Chromium fails the tests that need it (a failed hook would skip them).
 */
export function offlineBrowser() {
  let browser: Browser | undefined;
  return {
    /**
     * A page whose requests anywhere but `origins` (the server's; a host page's too, when the
     * page is another site's) are refused and, like the CSP's refusals, recorded in `blocked`.
     */
    async page(origins: string | readonly string[], options: BrowserContextOptions = {}): Promise<{ page: Page; blocked: string[] }> {
      const reachable = new Set(typeof origins === 'string' ? [origins] : origins);
      if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: run \`apt-get install -y chromium\``);
      browser ??= await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      });
      const page = await (await browser.newContext(options)).newPage();
      const blocked: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) blocked.push(message.text());
      });
      await page.route('**/*', (route) => {
        const url = route.request().url();
        if (reachable.has(new URL(url).origin)) return route.continue();
        blocked.push(url);
        return route.abort();
      });
      return { page, blocked };
    },
    close: () => browser?.close(),
  };
}
