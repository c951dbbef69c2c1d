import type { merchantSettingsSchema, WhitelabelNode } from '@tessera/contracts';
import type { z } from 'zod';

/**
 * What the settings form holds: the contract's input shape, so form field names equal the server's paths
 * (the recursive whitelabel schema is declared without an input type, hence the explicit node type).
 */
export type SettingsFormValues = Omit<z.input<typeof merchantSettingsSchema>, 'whitelabel'> & {
  whitelabel: WhitelabelNode[];
};
