// `npm run dev`: the API server (restarting on change) and the two Vite dev servers, side by side.
// The member site's dev server is on :5173 and the back office's on :5174; both proxy the API to :8080.
// The sandbox payment gateway runs on :8081.
import { spawn } from 'node:child_process';

const processes = [
  ['server', ['run', 'dev', '-w', '@tessera/server'], { NODE_ENV: 'development', LOG_LEVEL: 'info' }],
  ['web', ['run', 'dev', '-w', '@tessera/web'], {}],
  ['admin', ['run', 'dev', '-w', '@tessera/admin'], {}],
  ['gateway', ['run', 'dev', '-w', '@tessera/sandbox-gateway'], {}],
];

const children = processes.map(([name, args, env]) => {
  const child = spawn('npm', args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}] `;
  const forward = (stream) => (chunk) => {
    for (const line of chunk.toString().split('\n')) if (line) stream.write(`${prefix + line}\n`);
  };
  child.stdout.on('data', forward(process.stdout));
  child.stderr.on('data', forward(process.stderr));
  child.on('exit', (code) => {
    process.stderr.write(`${prefix}exited with ${code}\n`);
    for (const other of children) other.kill('SIGTERM');
    process.exit(code ?? 1);
  });
  return child;
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill('SIGTERM');
  });
}
