import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { languageCodes } from '@tessera/contracts';
import { testDatabasePrefix } from '@tessera/testkit/postgres';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { runMigrations } from '../../platform/db/migrate';
import { migrationsDir } from '../../platform/paths';
import { VN_GAME_NAMES } from './lottery.names';

/**
 * Migration 0071 (decision 0159) on a database that already has games: each keeps its odds under every prize mode
 * (the default LOTT among them), a daily game keeps the time it drew at, and a Vietnamese game gains its name in
 * every language while the names already stored stay.
 */
it('keeps existing games their odds, draw times and names through migration 0071', async () => {
  const serverUrl = inject('pgServerUrl');
  const name = `${testDatabasePrefix()}mig_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // The migrations before 0071, as the database stood before this change.
  const before = mkdtempSync(join(tmpdir(), 'lottery-0071-'));
  try {
    const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const upTo = journal.entries.findIndex((entry) => entry.tag.startsWith('0071_'));
    expect(upTo).toBeGreaterThan(0);
    const earlier = journal.entries.slice(0, upTo);
    mkdirSync(join(before, 'meta'));
    writeFileSync(join(before, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: earlier }));
    for (const entry of earlier)
      copyFileSync(join(migrationsDir, `${entry.tag}.sql`), join(before, `${entry.tag}.sql`));
    await runMigrations(pool, before);

    const fast = { position: [975], sum: Array.from({ length: 46 }, (_, i) => 200 + i) };
    const fourD = { big: [250000, 100000, 50000, 18000, 6000], small: [350000, 200000, 100000, 0, 0] };
    const north = { lo: [9950], de: [9750], three_cang: [97500], xien2: [1700], xien3: [6500], xien4: [15000] };
    const insert = (code: string, kind: string, interval: number, names: object, odds: object) =>
      pool.query(
        `INSERT INTO lottery_games (merchant_code, code, kind, names, interval_seconds, close_seconds, min_stake,
           max_stake, max_payout, odds, catalogue_game_code)
         VALUES ('demo', $1, $2, $3, $4, 10, 100, 1000000, 100000000, $5, 'X')`,
        [code, kind, JSON.stringify(names), interval, JSON.stringify(odds)],
      );
    await insert('FAST1', 'five_digit', 60, { EN: 'Speed Five' }, fast);
    await insert('SEA4D', 'four_d', 3600, { EN: '4D' }, fourD);
    await insert('VNN', 'vn_north', 86_400, { EN: 'Northern Lottery', VI: 'Xổ số Miền Bắc (đặt riêng)' }, north);
    await insert('VNS', 'vn_south', 86_400, { EN: 'Southern Lottery' }, north);

    await runMigrations(pool);

    const rows = (
      await pool.query<{ code: string; odds: Record<string, object>; draw_minute: number | null; names: object }>(
        'SELECT code, odds, draw_minute, names FROM lottery_games ORDER BY code',
      )
    ).rows;
    const byCode = Object.fromEntries(rows.map((row) => [row.code, row]));
    for (const [code, odds] of [
      ['FAST1', fast],
      ['SEA4D', fourD],
      ['VNN', north],
    ] as const) {
      expect(byCode[code]?.odds, code).toEqual({ LOTT: odds, ZY: odds, ELOTT: odds, SEA: odds });
    }
    expect(rows.map((row) => [row.code, row.draw_minute])).toEqual([
      ['FAST1', null],
      ['SEA4D', null],
      ['VNN', 18 * 60 + 15],
      ['VNS', 16 * 60 + 15],
    ]);
    // Every language, the name stored before kept (the operator's own Vietnamese one), the others added.
    expect(Object.keys(byCode.VNN?.names ?? {}).sort()).toEqual([...languageCodes].sort());
    expect(byCode.VNN?.names).toEqual({ ...VN_GAME_NAMES.vn_north, VI: 'Xổ số Miền Bắc (đặt riêng)' });
    expect(byCode.VNS?.names).toEqual(VN_GAME_NAMES.vn_south);
    expect(byCode.FAST1?.names).toEqual({ EN: 'Speed Five' });
    // Real translations: no language but English reads the English name.
    for (const names of Object.values(VN_GAME_NAMES)) {
      expect(languageCodes.filter((code) => code !== 'EN' && names[code] === names.EN)).toEqual([]);
    }
    // From now on a game without every mode's odds, or a daily one without its time, is refused.
    await expect(insert('FAST9', 'five_digit', 60, { EN: 'x' }, fast)).rejects.toThrow(/lottery_games_odds_modes/);
    await expect(pool.query("UPDATE lottery_games SET draw_minute = NULL WHERE code = 'VNN'")).rejects.toThrow(
      /lottery_games_draw_minute/,
    );
  } finally {
    rmSync(before, { recursive: true, force: true });
    await pool.end();
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  }
}, 120_000);
