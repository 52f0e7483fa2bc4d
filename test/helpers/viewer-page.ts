// Opening a viewer page (`cf.toHTML()`'s file) in headless Chromium for the browser tests: the page,
// with the CSP violations it reports from inside and its page errors and console errors collected,
// once the viewer says it is ready. Needs playwright-core. Produces `openViewer`, `viewerReady`.
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';

export interface OpenedViewer {
  readonly page: Page;
  readonly problems: string[];
}

/** Resolves once the viewer has drawn its graph. */
export const viewerReady = (page: Page) =>
  page.waitForFunction(() => document.getElementById('ag-viewer')?.dataset.ready === 'true', null, { timeout: 20_000 });

/** Opens a viewer file, recording CSP violations (reported from inside the page) and page errors. */
export async function openViewer(browser: BrowserContext, file: string): Promise<OpenedViewer> {
  const problems: string[] = [];
  const page = await browser.newPage();
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI}`),
    );
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  await page.goto(pathToFileURL(file).href);
  await viewerReady(page);
  return { page, problems };
}
