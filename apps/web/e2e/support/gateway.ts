import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const entry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../sandbox-gateway/dist/main.js');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

export interface SandboxGateway {
  url: string;
  stop: () => Promise<void>;
}

/** The BUILT sandbox payment gateway as its own process on a free port, as `npm start` runs it beside the server. */
export const startSandboxGateway = async (): Promise<SandboxGateway> => {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run "npm run build" first`);
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tessera-gateway-'));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      SANDBOX_GATEWAY_HOST: '127.0.0.1',
      SANDBOX_GATEWAY_PORT: String(port),
      SANDBOX_GATEWAY_PUBLIC_URL: url,
      SANDBOX_GATEWAY_DATA: dataDir,
      SANDBOX_GATEWAY_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error('the sandbox gateway did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

/** Pays on the gateway's hosted page with a test card and waits to be back on the site. */
export const payOnHostedPage = async (page: Page, siteUrl: string, card = '4242 4242 4242 4242') => {
  await page.locator('#number').waitFor();
  await page.locator('#number').fill(card);
  await page.locator('#expiry').fill('12/30');
  await page.locator('#cvc').fill('123');
  await page.locator('#name').fill('Ada Lovelace');
  await Promise.all([page.waitForURL(`${siteUrl}/**`), page.locator('button[type=submit]').click()]);
};
