import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

export interface BotChallenge {
  algorithm: 'SHA-256';
  challenge: string;
  salt: string;
  maxNumber: number;
  signature: string;
}

const encoder = new TextEncoder();

/**
 * Finds the number n ≤ maxNumber with SHA-256(salt + n) = challenge and returns the `botCheck` string the
 * server expects (base64 JSON). Costs the browser a fraction of a second; costs a bot farm the same per request.
 */
export const solveBotChallenge = (challenge: BotChallenge): string => {
  for (let n = 0; n <= challenge.maxNumber; n++) {
    if (bytesToHex(sha256(encoder.encode(challenge.salt + n))) === challenge.challenge) {
      return btoa(
        JSON.stringify({
          algorithm: challenge.algorithm,
          challenge: challenge.challenge,
          number: n,
          salt: challenge.salt,
          signature: challenge.signature,
        }),
      );
    }
  }
  throw new Error('bot challenge has no solution');
};
