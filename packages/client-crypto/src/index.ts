export { type BotChallenge, solveBotChallenge } from './proof-of-work';
export { fromBase64Url, type PayloadKey, type SealedBody, sealPayload, toBase64Url } from './seal';
