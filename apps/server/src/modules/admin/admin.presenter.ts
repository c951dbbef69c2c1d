import type { AuditEntry, MerchantDetail, Operator } from '@tessera/contracts';
import type { MerchantRow } from '../merchants';
import { isUnderMaintenance } from '../merchants';
import type { AuditRow, OperatorRow } from './admin.repository';

export const presentOperator = (row: OperatorRow): Operator => ({
  id: row.id,
  username: row.username,
  displayName: row.displayName,
  role: row.role,
  merchantCode: row.merchantCode,
  enabled: row.enabled,
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
});

export const presentMerchantDetail = (row: MerchantRow): MerchantDetail => ({
  code: row.code,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
  settings: row.settings,
});

export const presentMerchantSummary = (row: MerchantRow) => ({
  code: row.code,
  name: row.name,
  enabled: row.enabled,
  maintenance: isUnderMaintenance(row.settings.maintenance, new Date()),
  domains: row.settings.domains,
});

export const presentAuditEntry = (row: AuditRow): AuditEntry => ({
  id: row.id.toString(),
  at: row.at.toISOString(),
  operatorId: row.operatorId,
  operatorUsername: row.operatorUsername,
  merchantCode: row.merchantCode,
  action: row.action,
  target: row.target,
  ip: row.ip,
  userAgent: row.userAgent,
  details: row.details,
});
