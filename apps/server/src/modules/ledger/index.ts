export { type ReconcileCheck, reconcileLedger } from './ledger.reconcile';
export {
  createLedgerRepository,
  type LedgerExecutor,
  ledgerPostArguments,
  type PostingResult,
  type PreparedMovement,
  translateLedgerError,
} from './ledger.repository';
export { ledgerAccounts, ledgerHolds, ledgerPostings, ledgerTransactions } from './ledger.schema';
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
