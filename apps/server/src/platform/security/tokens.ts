import { createHash, randomBytes } from 'node:crypto';

/** An opaque 256-bit session token, as the caller sees it. */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps: the SHA-256 of the token, so a leaked table grants no session. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
