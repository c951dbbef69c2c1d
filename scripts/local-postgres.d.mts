export const PG_BIN: string;
export const asPostgres: (program: string, args: string[]) => [string, string[]];
export const runPostgresTool: (program: string, args: string[]) => string;
export const postgresAnswers: (port: number) => boolean;
export const waitForPostgres: (port: number, timeoutMs?: number) => Promise<void>;
export const serverOptions: (dataDir: string, port: number) => string[];
export const initDataDir: (dataDir: string) => boolean;
export const baseBackup: (port: number, replicaDir: string) => string;
