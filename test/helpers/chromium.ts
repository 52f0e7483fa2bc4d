// Headless Chromium for the browser tests (Debian's chromium at /usr/bin/chromium; .ci/run installs
// it): whether it is there, a launch with the flags the project uses (WebGPU's too, on request) and a
// fresh profile folder, and the share of a screenshot's pixels that are not background. Needs playwright-core.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM);

/** Flags that bring up WebGPU in headless Chromium on SwiftShader's Vulkan (pages need a secure context: file: or localhost). */
export const WEBGPU_FLAGS: readonly string[] = ['--enable-unsafe-webgpu', '--enable-features=Vulkan'];

/** A headless Chromium with a fresh profile in `dir` (playwright passes it as --user-data-dir), with `extraArgs` added. */
export function launchChromium(
  dir: string,
  viewport: { width: number; height: number },
  extraArgs: readonly string[] = [],
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}

/** Share of the screenshot's pixels that are not (near) white, measured in the page. */
export function ink(page: Page, png: Buffer): Promise<number> {
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i]! < 240 || d[i + 1]! < 240 || d[i + 2]! < 240) n++;
    return n / (d.length / 4);
  }, png.toString('base64'));
}
