/**
 * One lottery settlement runner in its own process with its own pool, for the SIGKILL test (decision 0100): settles
 * the draw DRAW_ID over and over, in batches of LOTTERY_BATCH tickets, until killed. Environment: DATABASE_URL,
 * DRAW_ID, LOTTERY_BATCH. Prints `started` once ready.
 */

import { DEFAULT_LOTTO_PRIZE_MODE } from '@tessera/contracts';
import { createBetsRepository } from '../src/modules/bets/bets.repository';
import { createBetsService } from '../src/modules/bets/bets.service';
import { createLedgerRepository } from '../src/modules/ledger/ledger.repository';
import { createLedgerService } from '../src/modules/ledger/ledger.service';
import { createLotteryRepository } from '../src/modules/lottery/lottery.repository';
import { createLotteryService } from '../src/modules/lottery/lottery.service';
import { connectDatabase } from '../src/platform/db/database';

const url = process.env.DATABASE_URL;
const drawId = process.env.DRAW_ID;
if (!url || !drawId) throw new Error('DATABASE_URL and DRAW_ID are required');
const batch = Number(process.env.LOTTERY_BATCH ?? 50);
const database = connectDatabase(url, 3);
const repository = createLotteryRepository(database.pool);
const lottery = createLotteryService({
  repository,
  ledger: createLedgerService(createLedgerRepository(database.pool)),
  bets: createBetsService(createBetsRepository(database.pool), database.pool),
  catalogueId: async () => null,
  lobbyPrizeMode: async () => DEFAULT_LOTTO_PRIZE_MODE,
  onDraws: () => {},
  onError: (error) => process.stderr.write(`${String(error)}\n`),
});

process.stdout.write('started\n');
for (;;) {
  const draw = await repository.drawById('demo', BigInt(drawId));
  if (!draw) throw new Error(`draw ${drawId} not found`);
  await lottery.settleDraw(draw, { batch }).catch((error) => process.stderr.write(`${String(error)}\n`));
}
