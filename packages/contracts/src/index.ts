export * from './admin';
export * from './customer-service-path';
export * from './endpoint';
export * from './envelope';
export * from './errors';
export * from './languages';
export * from './merchant';
export * from './module-ids';
export * from './system';

import { adminEndpoints } from './admin';
import type { EndpointDef } from './endpoint';
import { systemEndpoints } from './system';

/** Every endpoint of the platform; the server registers these and /api/docs lists them. */
export const allEndpoints: readonly EndpointDef[] = [
  ...Object.values(systemEndpoints),
  ...Object.values(adminEndpoints),
];
