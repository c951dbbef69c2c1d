import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Runner processes for the SIGKILL tests (agent contracts, lottery settlement): `count` processes of a TypeScript
 * entry (through tsx), each with `env` added to this process's environment.
 */
export const spawnRunners = (entry: string, env: Record<string, string>, count: number): ChildProcess[] =>
  Array.from({ length: count }, () =>
    spawn(process.execPath, ['--import', 'tsx', entry], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );

/** Kills every process with SIGKILL (no chance to clean up) and waits until each has exited. */
export const killProcesses = async (children: ChildProcess[]): Promise<void> => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) =>
          child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve),
        ),
    ),
  );
};
