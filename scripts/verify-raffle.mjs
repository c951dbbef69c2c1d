#!/usr/bin/env node
/**
 * Recomputes a raffle's winners from its revealed server seed and published ticket list (issue 28, decision 0122),
 * independently of the server's code: only node:crypto.
 *
 *   node scripts/verify-raffle.mjs --site https://your.site --raffle <id> [--merchant demo]
 *     reads GET /wps/raffles/draw?promotionId=<id> and checks it.
 *   node scripts/verify-raffle.mjs --file draw.json
 *     checks a saved fairness record (the `value` of that answer, or the whole answer).
 *
 * The rule: entries in entry order, entry k holding tickets[k] consecutive tickets. For prize p = 0, 1, … (in the
 * listed order) the entries that already won are taken out (order kept), leaving T tickets (none left: no winner for
 * this or any later prize). For attempt a = 0, 1, …: v = first 8 bytes, big-endian, of
 * HMAC-SHA256(key = serverSeed, message = `raffle:<raffleId>:<p>:<a>`); v >= 2^64 - (2^64 mod T) is rejected
 * (no modulo bias); else ticket v mod T among the remaining tickets names the winner.
 * Exits 0 when the seed matches its SHA-256 commitment and every winner matches; 1 on a mismatch; 2 on an error.
 */
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';

const argument = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

const TWO_64 = 2n ** 64n;

export const recomputeWinners = ({ serverSeed, raffleId, entries, prizes }) => {
  let remaining = entries.filter((e) => e.tickets > 0);
  const winners = [];
  for (let prize = 0; prize < prizes && remaining.length > 0; prize++) {
    const total = BigInt(remaining.reduce((sum, e) => sum + e.tickets, 0));
    const limit = TWO_64 - (TWO_64 % total);
    let ticket = null;
    for (let attempt = 0; ticket === null; attempt++) {
      const mac = createHmac('sha256', serverSeed).update(`raffle:${raffleId}:${prize}:${attempt}`).digest();
      const value = mac.readBigUInt64BE(0);
      if (value < limit) ticket = value % total;
    }
    let cursor = Number(ticket);
    const won = remaining.find((e) => {
      if (cursor < e.tickets) return true;
      cursor -= e.tickets;
      return false;
    });
    winners.push({ prizeIndex: prize, entryNo: won.entryNo });
    remaining = remaining.filter((e) => e !== won);
  }
  return winners;
};

const main = async () => {
  let record;
  const file = argument('file');
  if (file) {
    const parsed = JSON.parse(readFileSync(file, 'utf8'));
    record = parsed.value ?? parsed;
  } else {
    const site = argument('site');
    const raffle = argument('raffle');
    if (!site || !raffle) throw new Error('--site and --raffle are required (or --file)');
    const response = await fetch(`${site.replace(/\/$/, '')}/wps/raffles/draw?promotionId=${raffle}`, {
      headers: { ModuleId: 'REWCEN3', Merchant: argument('merchant') ?? 'demo' },
    });
    const body = await response.json();
    if (!body.success) throw new Error(`the site answered ${body.errorCode ?? response.status}`);
    record = body.value;
  }
  if (record.serverSeed === null) {
    console.log(`raffle ${record.id}: not drawn yet; commitment ${record.seedHash}`);
    return;
  }
  const seedMatches = createHash('sha256').update(record.serverSeed, 'utf8').digest('hex') === record.seedHash;
  const expected = recomputeWinners({
    serverSeed: record.serverSeed,
    raffleId: record.id,
    entries: record.entries,
    prizes: record.prizesMinor.length,
  });
  const published = record.winners.map((w) => ({ prizeIndex: w.prizeIndex, entryNo: w.entryNo }));
  const winnersMatch = JSON.stringify(expected) === JSON.stringify(published);
  const tickets = record.entries.reduce((sum, e) => sum + e.tickets, 0);
  console.log(
    `raffle ${record.id}: ${record.entries.length} entries, ${tickets} tickets, ${record.prizesMinor.length} prizes`,
  );
  for (const w of expected) {
    console.log(`  prize ${w.prizeIndex} (${record.prizesMinor[w.prizeIndex]} minor units): entry ${w.entryNo}`);
  }
  console.log(`seed ${seedMatches ? 'OK' : 'MISMATCH'}, winners ${winnersMatch ? 'OK' : 'MISMATCH'}`);
  if (!seedMatches || !winnersMatch) process.exitCode = 1;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  });
}
