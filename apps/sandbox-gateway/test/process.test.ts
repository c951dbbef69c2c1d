import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { sign } from '../src/signature';
import { newDataDir, orderBody, removeDataDirs } from './harness';

/** The real entry point in its own process: configuration errors, start, and a clean stop on SIGTERM. */

const APP_DIR = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [];

const run = (env: Record<string, string>) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: APP_DIR,
    env: { PATH: process.env.PATH ?? '', SANDBOX_GATEWAY_HOST: '127.0.0.1', SANDBOX_GATEWAY_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** Resolves with the address once the gateway logged that it listens. */
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (match?.[1] && stdout.includes('sandbox gateway ready')) resolve(match[1]);
    });
    void exited.then((code) => reject(new Error(`exited with ${code}: ${stderr}`)));
  });
  // A test that only waits for the exit never looks at `listening`: mark its rejection handled here.
  listening.catch(() => undefined);
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
};

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await removeDataDirs();
});

describe('the gateway process', () => {
  it('refuses a bad configuration with a message naming the variable and exit code 2', async () => {
    const gateway = run({ SANDBOX_GATEWAY_PORT: 'eighty', SANDBOX_GATEWAY_MERCHANTS: 'demo:short' });
    expect(await gateway.exited).toBe(2);
    const { stderr } = gateway.output();
    expect(stderr).toContain("The sandbox gateway's configuration is invalid:");
    expect(stderr).toContain('SANDBOX_GATEWAY_PORT');
    expect(stderr).toContain('merchant "demo" needs a secret of at least 16 characters');
  });

  it('serves, and on SIGTERM finishes its state write and exits 0', async () => {
    const dataDir = await newDataDir();
    const gateway = run({ SANDBOX_GATEWAY_DATA: dataDir, SANDBOX_GATEWAY_PUBLIC_URL: 'http://pay.test' });
    const base = await gateway.listening;
    const body = JSON.stringify(orderBody());
    const created = await fetch(`${base}/api/payments`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'x-gateway-merchant': 'demo',
        'x-gateway-signature': sign('sandbox-demo-secret', body),
      },
    });
    expect(created.status).toBe(201);
    const { paymentId, payUrl } = (await created.json()) as { paymentId: string; payUrl: string };
    expect(payUrl).toBe(`http://pay.test/pay/${paymentId}`);

    gateway.child.kill('SIGTERM');
    expect(await gateway.exited).toBe(0);
    expect(gateway.output().stdout).toContain('shutting down');
    const state = JSON.parse(await readFile(join(dataDir, 'state.json'), 'utf8'));
    expect(state.payments.map((p: { paymentId: string }) => p.paymentId)).toEqual([paymentId]);
  });
});
