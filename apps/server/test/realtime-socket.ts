import type { RealtimeServerMessage } from '@tessera/contracts';
import WebSocket from 'ws';

/**
 * A realtime socket of merchant `merchant` on the listening app at `wsBase` (ws://host:port) that keeps every frame;
 * `until` waits (5 s at most) for one that matches, `send` writes a message.
 */
export const openRealtimeSocket = async (wsBase: string, merchant = 'demo') => {
  const ws = new WebSocket(`${wsBase}/wps/realtime?merchant=${merchant}`);
  const frames: RealtimeServerMessage[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as RealtimeServerMessage));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const until = async (match: (m: RealtimeServerMessage) => boolean) => {
    for (let waited = 0; waited < 100; waited += 1) {
      const found = frames.find(match);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no such frame in ${JSON.stringify(frames)}`);
  };
  return { ws, frames, until, send: (message: object) => ws.send(JSON.stringify(message)) };
};
