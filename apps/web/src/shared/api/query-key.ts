import type { EndpointDef } from '@tessera/contracts';

/** TanStack Query keys start with the contract's endpoint name, so one endpoint's entries invalidate together. */
export const queryKeyOf = (endpoint: Pick<EndpointDef, 'name'>, input?: unknown): readonly unknown[] =>
  input === undefined ? [endpoint.name] : [endpoint.name, input];
