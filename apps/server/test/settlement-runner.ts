/**
 * One agent-contract settlement runner in its own process with its own pool, for the SIGKILL test: settles every
 * period due at AT_ISO over and over until killed. Environment: DATABASE_URL, AT_ISO. Prints `started` once ready.
 */

import { createAgentContractsRepository } from '../src/modules/agent-contracts/agent-contracts.repository';
import { createAgentContractsService } from '../src/modules/agent-contracts/agent-contracts.service';
import { createAgentsRepository } from '../src/modules/agents/agents.repository';
import { createAgentsService } from '../src/modules/agents/agents.service';
import { createLedgerRepository } from '../src/modules/ledger/ledger.repository';
import { createLedgerService } from '../src/modules/ledger/ledger.service';
import { connectDatabase } from '../src/platform/db/database';

const url = process.env.DATABASE_URL;
const at = process.env.AT_ISO;
if (!url || !at) throw new Error('DATABASE_URL and AT_ISO are required');
const database = connectDatabase(url, 3);
const unused = async () => {
  throw new Error('not used by settlement');
};
const agents = createAgentsService({
  repository: createAgentsRepository(database.pool),
  members: { findById: unused, update: unused },
  admin: { auditWith: unused },
  limiter: { hit: unused },
});
const contracts = createAgentContractsService({
  repository: createAgentContractsRepository(database.pool),
  agents,
  members: { findById: unused },
  ledger: createLedgerService(createLedgerRepository(database.pool)),
  admin: { auditWith: unused },
});

process.stdout.write('started\n');
// SETTLEMENT_RUNNER_LOG: each pass that settled, paid or failed something (and the first), with its time.
const log = process.env.SETTLEMENT_RUNNER_LOG;
for (let pass = 0; ; pass += 1) {
  const started = Date.now();
  const outcome = await contracts.settleDue(new Date(at)).catch((error) => process.stderr.write(`${String(error)}\n`));
  if (log && typeof outcome === 'object' && (pass === 0 || outcome.settled + outcome.failed + outcome.paid > 0)) {
    process.stderr.write(
      `${new Date().toISOString()} pass ${pass}: ${Date.now() - started} ms ${JSON.stringify(outcome)}\n`,
    );
  }
}
