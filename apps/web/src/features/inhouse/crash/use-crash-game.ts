import { CRASH_TOPIC, crashBetEventSchema, crashRoundEventSchema, type InhouseRound } from '@tessera/contracts';
import { useEffect, useRef, useState } from 'react';
import { useRealtimeReconnect, useRealtimeTopic } from '../../../shared/realtime/realtime';
import { useCrashState, useRefreshCrash } from '../api/crash-api';
import { applyBetEvent, applyRoundEvent, type CrashModel, modelFromState } from './crash-model';

/**
 * The crash round as this page sees it: loaded once from the state call, then moved on by the `crash` topic's
 * phase and bet events (decision 0022), and loaded again after a reconnect. The member's own bet comes from
 * the state call and from the bet and cash-out answers; an event settling it (an automatic cash-out, the
 * crash) reloads the state, the recall list and the balance.
 */
export const useCrashGame = (signedIn: boolean) => {
  const query = useCrashState(signedIn);
  const refresh = useRefreshCrash();
  const [model, setModel] = useState<CrashModel | null>(null);
  const [myBet, setMyBet] = useState<InhouseRound | null>(null);
  const myBetId = useRef<string | null>(null);
  myBetId.current = myBet?.id ?? null;

  useEffect(() => {
    if (!query.data) return;
    const { state, receivedAt } = query.data;
    setModel((previous) => modelFromState(state, receivedAt, previous));
    setMyBet(state.myBet);
  }, [query.data]);

  useRealtimeTopic(CRASH_TOPIC, (type, data) => {
    const receivedAt = Date.now();
    if (type === 'crash.round') {
      const parsed = crashRoundEventSchema.safeParse(data);
      if (!parsed.success) return;
      setModel((previous) => applyRoundEvent(previous, parsed.data, receivedAt));
      // The crash reveals the round's hash: the member's bet in the recall can be verified now.
      if (parsed.data.round.status === 'crashed' && myBetId.current) refresh();
      return;
    }
    if (type === 'crash.bet') {
      const parsed = crashBetEventSchema.safeParse(data);
      if (!parsed.success) return;
      setModel((previous) => applyBetEvent(previous, parsed.data));
      if (parsed.data.bet.id === myBetId.current && parsed.data.bet.status !== 'open') refresh();
    }
  });
  useRealtimeReconnect(() => refresh());

  return { model, myBet, setMyBet, isLoading: query.isLoading, error: query.error };
};
