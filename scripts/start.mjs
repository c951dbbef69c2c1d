// `npm start` (after the build): the API server, which also serves both sites, and beside it the sandbox
// payment gateway that deposits pay through (docs/runbooks/sandbox-gateway.md) and the reference game provider
// the demo catalogue's outside vendors launch into (apps/reference-provider). A stop signal reaches all three;
// when one exits, the others are stopped too.
import { spawn } from 'node:child_process';

const services = [
  {
    name: 'gateway',
    entry: 'apps/sandbox-gateway/dist/main.js',
    env: { SANDBOX_GATEWAY_LOG_LEVEL: process.env.SANDBOX_GATEWAY_LOG_LEVEL ?? 'warn' },
  },
  {
    name: 'provider',
    entry: 'apps/reference-provider/dist/main.js',
    env: {
      REFERENCE_PROVIDER_LOG_LEVEL: process.env.REFERENCE_PROVIDER_LOG_LEVEL ?? 'warn',
      // The provider calls the platform's seamless wallet, and signs with the secret the platform expects.
      REFERENCE_PROVIDER_PLATFORM_URL:
        process.env.REFERENCE_PROVIDER_PLATFORM_URL ?? `http://127.0.0.1:${process.env.PORT ?? '8080'}`,
      // Where members' browsers open it (the server's REFERENCE_PROVIDER_URL) decides its port.
      REFERENCE_PROVIDER_PORT:
        process.env.REFERENCE_PROVIDER_PORT ||
        (process.env.REFERENCE_PROVIDER_URL ? new URL(process.env.REFERENCE_PROVIDER_URL).port : '') ||
        '8082',
    },
  },
  { name: 'server', entry: 'apps/server/dist/main.js', env: {} },
];

let stopping = false;
const children = services.map(({ name, entry, env }) => {
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(`[${name}] exited (${signal ?? code}); stopping the rest\n`);
      stop(code ?? 1);
    }
  });
  return child;
});

function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  const force = setTimeout(() => process.exit(code), 15_000);
  force.unref();
  Promise.all(
    children.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null)),
  ).then(() => process.exit(code));
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
