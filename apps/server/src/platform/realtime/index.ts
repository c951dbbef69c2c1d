export { createPgFanout, REALTIME_CHANNEL } from './pg-fanout';
export {
  createRealtimeHub,
  type RealtimeConnection,
  type RealtimeEnvelope,
  type RealtimeEvent,
  type RealtimeFanout,
  type RealtimeHub,
  type RealtimeOperator,
  type TopicDefinition,
} from './realtime-hub';
export { RESTARTING_REASON, realtimeCloseCodes, registerRealtimeSocket } from './realtime-socket';
export { createRedisFanout } from './redis-fanout';
