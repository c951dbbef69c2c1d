/**
 * Recomputes lottery draws from their revealed seeds (issue 29). Two ways:
 *
 *   npx tsx packages/engines/scripts/lottery-verify.ts --seed <serverSeed> --game FAST1 --draw 202611290481 \
 *     [--beacon <value>] [--hash <seedHash>] [--numbers 3,0,4,0,1]
 *     prints the five digits; with --hash checks SHA-256(seed) against the commitment, with --numbers the result.
 *     A 4D draw (game SEA4D, decision 0108): add --four-d; it prints the 23 numbers (first, second, third, 10
 *     starter, 10 consolation) and --numbers takes the 23 in that order.
 *
 *   npx tsx packages/engines/scripts/lottery-verify.ts --site https://your.site --game FAST1 [--merchant demo] [--pages 10]
 *     reads the game's results (GET /wps/lottery/results, newest first, 20 a page) and checks every drawn one;
 *     exits non-zero if any commitment or result does not match.
 *
 * The rule (packages/engines/src/lottery/five-digit.ts): clientSeed = `lottery:<game>:<drawNo>` (`:<beacon>` added
 * when the draw recorded one); the digits are the first five unbiased integers in [0, 10) of the stream
 * HMAC-SHA256(serverSeed, `<clientSeed>:0:<cursor>`), cursor 0, 1, … (fair/fair-stream.ts). The commitment
 * published before the draw opened is the lower-case hex SHA-256 of the server seed. A 4D draw's numbers are the
 * first 23 different `nextInt(10000)` of the same stream (a number already drawn is drawn again; four-d.ts).
 */
import { drawFiveDigits, verifyFiveDigitDraw } from '../src/lottery/five-digit';
import { drawFourD, FOUR_D_NUMBERS, fourDNumbersOf, verifyFourDDraw } from '../src/lottery/four-d';

const argument = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

interface PublishedDraw {
  gameCode: string;
  drawNo: string;
  seedHash: string;
  beacon: string | null;
  serverSeed: string | null;
  numbers: number[] | null;
}

const verifyOne = (draw: PublishedDraw): boolean => {
  if (draw.serverSeed === null || draw.numbers === null) return true;
  // A 4D draw has 23 numbers, a five-digit draw five.
  const verify = draw.numbers.length === FOUR_D_NUMBERS ? verifyFourDDraw : verifyFiveDigitDraw;
  const result = verify({ ...draw, serverSeed: draw.serverSeed, numbers: draw.numbers });
  const ok = result.seedMatches && result.numbersMatch;
  const sep = draw.numbers.length === FOUR_D_NUMBERS ? ' ' : '';
  console.log(
    `${draw.gameCode} ${draw.drawNo}: ${draw.numbers.join(sep)} ${ok ? 'OK' : `MISMATCH (seed ${result.seedMatches ? 'ok' : 'wrong'}, recomputed ${result.numbers.join(sep)})`}`,
  );
  return ok;
};

const main = async () => {
  const game = argument('game');
  if (!game) throw new Error('--game is required');
  const site = argument('site');
  if (!site) {
    const serverSeed = argument('seed');
    const drawNo = argument('draw');
    if (!serverSeed || !drawNo) throw new Error('--seed and --draw are required (or --site)');
    const beacon = argument('beacon') ?? null;
    const fourD = process.argv.includes('--four-d');
    const input = { serverSeed, gameCode: game, drawNo, beacon };
    const numbers = fourD ? fourDNumbersOf(drawFourD(input)) : drawFiveDigits(input);
    console.log(
      fourD ? `numbers: ${numbers.map((n) => String(n).padStart(4, '0')).join(' ')}` : `digits: ${numbers.join(' ')}`,
    );
    const hash = argument('hash');
    const expected = argument('numbers');
    if (hash || expected) {
      const ok = verifyOne({
        gameCode: game,
        drawNo,
        beacon,
        serverSeed,
        seedHash: hash ?? '',
        numbers: expected ? expected.split(',').map(Number) : numbers,
      });
      process.exitCode = ok ? 0 : 1;
    }
    return;
  }
  const pages = Number(argument('pages') ?? '10');
  let checked = 0;
  let failed = 0;
  for (let pageNo = 1; pageNo <= pages; pageNo += 1) {
    const answer = await fetch(`${site}/wps/lottery/results?gameCode=${encodeURIComponent(game)}&pageNo=${pageNo}`, {
      headers: { ModuleId: 'COMM3', Merchant: argument('merchant') ?? 'demo' },
    });
    const body = (await answer.json()) as { value: { list: PublishedDraw[]; totalPages: number } };
    for (const draw of body.value.list) {
      if (draw.numbers === null) continue;
      checked += 1;
      if (!verifyOne(draw)) failed += 1;
    }
    if (pageNo >= body.value.totalPages) break;
  }
  console.log(`${checked} draws checked, ${failed} mismatches`);
  process.exitCode = failed === 0 ? 0 : 1;
};

await main();
