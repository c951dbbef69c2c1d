import type { CannedReply } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { matchCannedReplies } from './canned-match';

const reply = (shortcut: string, title: string): CannedReply => ({
  id: shortcut,
  shortcut,
  title,
  body: `${title}.`,
  language: null,
  createdBy: 'owner',
  updatedBy: 'owner',
  createdAt: '2026-11-30T00:00:00.000Z',
  updatedAt: '2026-11-30T00:00:00.000Z',
});
const replies = [
  reply('bye', 'Goodbye'),
  reply('deposit-late', 'Late deposit'),
  reply('hello', 'Greeting'),
  reply('late-withdraw', 'Withdrawal is late'),
];

describe('matchCannedReplies', () => {
  it('lists every reply for an empty query', () => {
    expect(matchCannedReplies(replies, '').map((r) => r.shortcut)).toEqual([
      'bye',
      'deposit-late',
      'hello',
      'late-withdraw',
    ]);
  });
  it('puts shortcuts that start with the query first, then those whose shortcut or title holds it', () => {
    expect(matchCannedReplies(replies, 'LATE').map((r) => r.shortcut)).toEqual(['late-withdraw', 'deposit-late']);
    expect(matchCannedReplies(replies, 'greet').map((r) => r.shortcut)).toEqual(['hello']);
  });
  it('finds nothing for a query nothing holds', () => {
    expect(matchCannedReplies(replies, 'refund')).toEqual([]);
  });
});
