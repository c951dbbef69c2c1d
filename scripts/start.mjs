// `npm start` (after the build): the API server, which also serves both sites, and beside it the sandbox
// payment gateway that deposits pay through (docs/runbooks/sandbox-gateway.md). A stop signal reaches both;
// when either exits, the other is stopped too.
import { spawn } from 'node:child_process';

const services = [
  {
    name: 'gateway',
    entry: 'apps/sandbox-gateway/dist/main.js',
    env: { SANDBOX_GATEWAY_LOG_LEVEL: process.env.SANDBOX_GATEWAY_LOG_LEVEL ?? 'warn' },
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
