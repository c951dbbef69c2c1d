/**
 * Writes raw output of the provably-fair byte stream for Debian's dieharder and, with --run, runs the full
 * battery on it. Run: npx tsx packages/engines/scripts/dieharder-feed.ts [--megabytes 1024] [--out file] [--run]
 *
 * The bytes are, for nonce = 0, 1, 2, …: blocks 0 … 3 (128 bytes) of HMAC-SHA256(serverSeed,
 * `clientSeed:nonce:cursor`), so both the nonce and the cursor vary, exactly as bets read the stream.
 * With --run it then calls `dieharder -a -g 201 -f <file>` (file_input_raw) and exits non-zero if any test
 * reports FAILED. dieharder rewinds a file shorter than a test needs (the whole battery reads far more than a
 * gigabyte); the summary says how often. The file therefore holds a prime number of 32-bit words: with a
 * power-of-two size, a lagged test re-reads, after each rewind, exactly the words it read before
 * (rgb_lagged_sum at lag 31 sees only 1/32 of the file, over and over, and fails on the repetition, not on the
 * generator); with a prime size every rewind shifts the phase.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { streamBlock } from '../src/fair/fair-stream';

function argument(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const megabytes = Number(argument('megabytes', '1024'));
const out = argument('out', '/tmp/tessera-engines-dieharder.bin');
const shouldRun = process.argv.includes('--run');
if (!(megabytes >= 100)) throw new Error('dieharder needs at least 100 MB here');

const BLOCKS_PER_NONCE = 4;

function largestPrimeAtMost(n: number): number {
  const isPrime = (k: number): boolean => {
    for (let d = 2; d * d <= k; d += 1) if (k % d === 0) return false;
    return k >= 2;
  };
  let k = n;
  while (!isPrime(k)) k -= 1;
  return k;
}

const bytesWanted = 4 * largestPrimeAtMost((megabytes * 1024 * 1024) / 4);
const serverSeed = argument('server-seed', '9b1f0c7d3e5a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c');
const clientSeed = argument('client-seed', 'dieharder');

async function writeFeed(): Promise<void> {
  const file = createWriteStream(out);
  const chunk = new Uint8Array(1 << 20);
  let filled = 0;
  let written = 0;
  let nonce = 0;
  const started = performance.now();
  while (written < bytesWanted) {
    for (let cursor = 0; cursor < BLOCKS_PER_NONCE; cursor += 1) {
      chunk.set(streamBlock({ serverSeed, clientSeed, nonce }, cursor), filled);
      filled += 32;
    }
    nonce += 1;
    if (filled === chunk.length || written + filled >= bytesWanted) {
      const take = Math.min(filled, bytesWanted - written);
      if (!file.write(Buffer.from(chunk.subarray(0, take))))
        await new Promise<void>((resolve) => file.once('drain', () => resolve()));
      written += take;
      filled = 0;
      if (written % (64 << 20) === 0) {
        const seconds = (performance.now() - started) / 1000;
        console.log(`${written >> 20} MB written (${((written >> 20) / seconds).toFixed(1)} MB/s)`);
      }
    }
  }
  await new Promise<void>((resolve, reject) => file.end((error?: Error | null) => (error ? reject(error) : resolve())));
  console.log(`wrote ${written} bytes (${written / 4} words, a prime) of stream output from ${nonce} nonces to ${out}`);
}

async function runDieharder(): Promise<number> {
  const child = spawn('dieharder', ['-a', '-g', '201', '-f', out], { stdio: ['ignore', 'pipe', 'inherit'] });
  let text = '';
  child.stdout.on('data', (data: Buffer) => {
    text += data.toString();
    process.stdout.write(data);
  });
  const code: number = await new Promise((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  const results = text.split('\n').filter((line) => /\|\s*(PASSED|WEAK|FAILED)\s*$/.test(line));
  const count = (word: string): number => results.filter((line) => line.trim().endsWith(word)).length;
  const rewinds = [...text.matchAll(/rewound (\d+) times/g)].pop()?.[1] ?? '0';
  console.log(
    `dieharder summary: ${results.length} tests, ${count('PASSED')} PASSED, ${count('WEAK')} WEAK, ${count('FAILED')} FAILED; file rewound ${rewinds} times`,
  );
  return code !== 0 || count('FAILED') > 0 || results.length === 0 ? 1 : 0;
}

await writeFeed();
if (shouldRun) process.exit(await runDieharder());
