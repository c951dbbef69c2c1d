/**
 * Recomputes an operator's red envelope from its revealed seed (issue 28, decision 0098). Two ways:
 *
 *   npx tsx packages/engines/scripts/red-envelope-verify.ts --seed <serverSeed> --total <minor units> --shares <n> \
 *     [--hash <seedHash>]
 *     prints every share in split order (minor units); with --hash checks SHA-256(seed) against the commitment.
 *
 *   npx tsx packages/engines/scripts/red-envelope-verify.ts --site https://your.site --envelope <id> [--merchant demo]
 *     reads the envelope's fairness record (GET /wps/red-envelopes/draw) and checks the seed against the hash
 *     published at creation and every share against the split; exits non-zero on any mismatch.
 *
 * The rule (packages/engines/src/money/split.ts, splitRandom): every share gets one minor unit; the rest of the
 * total is cut at shares - 1 points drawn uniformly (rejection sampling, no modulo bias) from the stream of 64-bit
 * big-endian numbers in SHA-256(`<seed>:<counter>`), counter 0, 1, …, four per block; the cut points sorted give
 * the shares in order. Members take the shares in that order, one each.
 */
import { splitRandom, verifyRedEnvelopeSplit } from '../src/money/split';

const argument = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

interface PublishedDraw {
  id: string;
  totalMinor: string;
  shares: number;
  seedHash: string;
  serverSeed: string | null;
  amountsMinor: string[];
}

const main = async () => {
  const site = argument('site');
  if (!site) {
    const serverSeed = argument('seed');
    const total = argument('total');
    const shares = argument('shares');
    if (!serverSeed || !total || !shares) throw new Error('--seed, --total and --shares are required (or --site)');
    const amounts = splitRandom(BigInt(total), Number(shares), serverSeed);
    console.log(`shares: ${amounts.join(' ')}`);
    console.log(`sum: ${amounts.reduce((a, b) => a + b, 0n)}`);
    const hash = argument('hash');
    if (hash) {
      const verdict = verifyRedEnvelopeSplit({
        totalMinor: BigInt(total),
        shares: Number(shares),
        seedHash: hash,
        serverSeed,
        amountsMinor: amounts,
      });
      console.log(`seed hash: ${verdict.seedMatches ? 'OK' : 'MISMATCH'}`);
      if (!verdict.seedMatches) process.exitCode = 1;
    }
    return;
  }
  const envelope = argument('envelope');
  if (!envelope) throw new Error('--envelope is required with --site');
  const response = await fetch(`${site.replace(/\/$/, '')}/wps/red-envelopes/draw?envelopeId=${envelope}`, {
    headers: { ModuleId: 'COMM3', Merchant: argument('merchant') ?? 'demo' },
  });
  const body = (await response.json()) as { success: boolean; value: PublishedDraw; errorCode?: string };
  if (!body.success) throw new Error(`the site answered ${body.errorCode ?? response.status}`);
  const draw = body.value;
  if (draw.serverSeed === null) {
    console.log(`envelope ${draw.id}: the seed is revealed when its window ends (commitment ${draw.seedHash})`);
    return;
  }
  const verdict = verifyRedEnvelopeSplit({
    totalMinor: BigInt(draw.totalMinor),
    shares: draw.shares,
    seedHash: draw.seedHash,
    serverSeed: draw.serverSeed,
    amountsMinor: draw.amountsMinor.map(BigInt),
  });
  console.log(
    `envelope ${draw.id}: ${draw.shares} shares of ${draw.totalMinor} — seed ${verdict.seedMatches ? 'OK' : 'MISMATCH'}, shares ${verdict.amountsMatch ? 'OK' : 'MISMATCH'}`,
  );
  if (!verdict.seedMatches || !verdict.amountsMatch) process.exitCode = 1;
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
