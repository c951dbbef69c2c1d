import { isAgentType, TRIAL_MEMBER_TYPE } from '@tessera/contracts';

export const memberKinds = ['member', 'agent', 'trial', 'other'] as const;
export type MemberKind = (typeof memberKinds)[number];

/** Member types (contracts session.ts): 0 an ordinary member, 1/2/41/42 agents, 4 a free-play trial account. */
export const memberKindOf = (type: number): MemberKind => {
  if (type === 0) return 'member';
  if (isAgentType(type)) return 'agent';
  if (type === TRIAL_MEMBER_TYPE) return 'trial';
  return 'other';
};
