import {
  type AdminLoginEntry,
  isAgentType,
  type MemberFlag,
  type MemberInfo,
  type MemberNote,
  TRIAL_MEMBER_TYPE,
} from '@tessera/contracts';
import type { MemberFlagRow, MemberLoginRow, MemberNoteRow, MemberRow } from './members.repository';

/** "+65•••••567": enough for the member to recognise, too little to harvest. */
export const maskMobile = (dialingCode: string | null, number: string | null): string | null =>
  number
    ? `+${(dialingCode ?? '').replace(/^\+/, '')}${'•'.repeat(Math.max(0, number.length - 3))}${number.slice(-3)}`
    : null;

export const maskEmail = (email: string | null): string | null => {
  if (!email) return null;
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'•'.repeat(Math.max(1, local.length - 1))}@${domain}`;
};

/** "ab•••yz": another member's account as a referrer sees its friends (a short one keeps only its first letter). */
export const maskAccount = (account: string): string =>
  account.length > 4 ? `${account.slice(0, 2)}•••${account.slice(-2)}` : `${account.slice(0, 1)}•••`;

export const presentMemberInfo = (row: MemberRow, currency: string, mustChangePassword: boolean): MemberInfo => ({
  id: row.id,
  account: row.account,
  nickname: row.nickname,
  type: row.type,
  isAgent: isAgentType(row.type),
  isTrial: row.type === TRIAL_MEMBER_TYPE,
  firstTimeLogin: row.firstLogin,
  mustChangePassword,
  currency,
  language: row.language ?? null,
  mobileMasked: maskMobile(row.mobileDialingCode, row.mobileNumber),
  emailMasked: maskEmail(row.email),
  twoFactorEnabled: row.totpEnabled,
  hasWithdrawPassword: row.paymentPasswordHash !== null,
  createdAt: row.createdAt.toISOString(),
});

/** Operators' notes and flags on a member, as the back office reads them (decision 0094). */
export const presentNote = (row: MemberNoteRow): MemberNote => ({
  id: row.id,
  body: row.body,
  author: row.operatorUsername,
  createdAt: row.createdAt.toISOString(),
});

export const presentFlag = (row: MemberFlagRow): MemberFlag => ({
  flag: row.flag as MemberFlag['flag'],
  reason: row.reason,
  setBy: row.operatorUsername,
  setAt: row.setAt.toISOString(),
});

/** One sign-in attempt as the back office shows it, with the country the CDN placed it in (decision 0140). */
export const presentLogin = (row: MemberLoginRow): AdminLoginEntry => ({
  at: row.at.toISOString(),
  ip: row.ip,
  userAgent: row.userAgent,
  deviceId: row.deviceId,
  method: row.method,
  success: row.success,
  reason: row.reason,
  country: row.country,
});
