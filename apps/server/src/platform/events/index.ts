export { EVENT_CATALOGUE, EVENT_NAMES, type EventName, type EventPayload } from './catalogue';
export {
  createEventDispatcher,
  type DeadLetter,
  type DeliveryContext,
  type EventDispatcher,
  type Subscriber,
  subscribe,
} from './dispatcher';
export { type EventTransaction, emit } from './emit';
