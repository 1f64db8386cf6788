import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's Chromium (`apt-get install -y chromium`); Playwright's own browser download does not work here. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const chromiumInstalled = (): boolean => existsSync(CHROMIUM_PATH);

/**
 * Without the background-networking switches Chromium keeps calling Google's hosts, which this
 * machine's closed network refuses; a fresh profile keeps runs independent.
 */
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface HeadlessChromium {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Headless Chromium with a new, empty user data directory, removed on close. */
export async function launchChromium(): Promise<HeadlessChromium> {
  const profile = mkdtempSync(path.join(tmpdir(), 'radar-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ARGS,
    viewport: { width: 1400, height: 1000 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
