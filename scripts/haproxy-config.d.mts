export const haproxyConfig: (bind: string, instances: { name: string; port: number }[]) => string;
