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
    /** A page whose requests anywhere but `origin` are refused and, like the CSP's refusals, recorded in `blocked`. */
    async page(origin: string, options: BrowserContextOptions = {}): Promise<{ page: Page; blocked: string[] }> {
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
        if (new URL(url).origin === origin) return route.continue();
        blocked.push(url);
        return route.abort();
      });
      return { page, blocked };
    },
    close: () => browser?.close(),
  };
}
