import { defineModule } from '../../platform/modules';
import { createLedgerRepository } from './ledger.repository';
import { createLedgerService, type LedgerService } from './ledger.service';

export { type ReconcileCheck, reconcileLedger } from './ledger.reconcile';
export {
  type LedgerExecutor,
  ledgerPostArguments,
  type PostingResult,
  type PreparedMovement,
  translateLedgerError,
} from './ledger.repository';
export {
  type AccountRef,
  createLedgerService,
  HOUSE_SHARDS,
  type HouseAccount,
  houseAccounts,
  type LedgerService,
  type MemberWallet,
  type Movement,
} from './ledger.service';

/** Called after members' balances changed (committed): the wallet pushes the new balances to their browsers. */
export type BalanceChangeListener = (merchantCode: string, memberIds: string[]) => void;

declare module '../../platform/modules' {
  interface ModuleServices {
    /** The double-entry ledger: every money movement, idempotent by reference key. */
    ledger: LedgerService & {
      /** Adds a listener to every committed change of members' balances. */
      onMemberBalanceChange: (listener: BalanceChangeListener) => void;
    };
  }
}

export const ledgerModule = defineModule({
  name: 'ledger',
  create: ({ database }) => {
    const listeners: BalanceChangeListener[] = [];
    const ledger = createLedgerService(createLedgerRepository(database.pool, database.replica), {
      onMemberBalanceChange: (merchantCode, memberIds) => {
        for (const listener of listeners) listener(merchantCode, memberIds);
      },
    });
    return Object.assign(ledger, {
      onMemberBalanceChange: (listener: BalanceChangeListener) => void listeners.push(listener),
    });
  },
});
