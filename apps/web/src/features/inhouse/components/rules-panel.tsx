import type { InhouseGameInfo, SeededGameName } from '@tessera/contracts';
import { CRASH_GROWTH_PER_MS, crashProbabilityAtLeast, kenoTable, plinkoTable, SLOT_MACHINE } from '@tessera/engines';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatHundredths, formatMultiplier } from '../game-logic';
import styles from '../inhouse.module.css';
import { gameRulesKeys, slotSymbolKeys } from '../labels';

export interface RulesPanelProps {
  game: SeededGameName | 'crash';
  info: InhouseGameInfo | undefined;
  /** The current choices, for the paytable that applies to them. */
  params: Record<string, unknown>;
}

const PaytableRow = ({ label, values }: { label: string; values: string[] }) => (
  <tr>
    <th scope="row">{label}</th>
    {values.map((value, i) => (
      // Paytable cells are positional and never reorder.
      // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
      <td key={i}>{value}</td>
    ))}
  </tr>
);

/** Rules, RTP, maximum multiplier, and the paytable of the current choices. */
export const RulesPanel = ({ game, info, params }: RulesPanelProps) => {
  const { t } = useTranslation('inhouse');
  const rtp = info ? `${(info.rtp * 100).toFixed(2)}%` : '…';
  const max = info ? `${formatMultiplier(info.maxMultiplier)}×` : '…';
  let table: ReactNode = null;
  if (game === 'plinko') {
    const rows = Number(params.rows ?? 16) as 8;
    const risk = (params.risk ?? 'medium') as 'low';
    table = (
      <table className={styles.table}>
        <tbody>
          <PaytableRow
            label={t('ih_slot_multiplier')}
            values={plinkoTable({ rows, risk }).map((h) => `${formatHundredths(h)}×`)}
          />
        </tbody>
      </table>
    );
  } else if (game === 'keno') {
    const picks = Array.isArray(params.picks) ? params.picks.length : 0;
    const risk = (params.risk ?? 'medium') as 'low';
    table =
      picks > 0 ? (
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t('ih_hits')}</th>
              {kenoTable(risk, picks).map((_, hits) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                <th key={hits}>{hits}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            <PaytableRow label={t('ih_pays')} values={kenoTable(risk, picks).map((h) => `${formatHundredths(h)}×`)} />
          </tbody>
        </table>
      ) : null;
  } else if (game === 'crash') {
    const targets = [110, 150, 200, 500, 1000, 10_000];
    table = (
      <table className={styles.table} data-testid="crash-odds">
        <thead>
          <tr>
            <th>{t('ih_target_multiplier')}</th>
            <th>{t('ih_win_chance')}</th>
          </tr>
        </thead>
        <tbody>
          {targets.map((target) => (
            <PaytableRow
              key={target}
              label={`${formatHundredths(target)}×`}
              values={[`${(crashProbabilityAtLeast(target) * 100).toFixed(2)}%`]}
            />
          ))}
        </tbody>
      </table>
    );
  } else if (game === 'slot') {
    table = (
      <table className={styles.table}>
        <thead>
          <tr>
            <th>{t('ih_symbol')}</th>
            <th>3</th>
            <th>4</th>
            <th>5</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(SLOT_MACHINE.linePays).map(([symbol, pays]) => (
            <PaytableRow
              key={symbol}
              label={t(slotSymbolKeys[symbol] ?? symbol)}
              values={pays.slice(3).map((p) => (p ? `${p}` : '—'))}
            />
          ))}
          <PaytableRow
            label={t('ih_symbol_scatter')}
            values={SLOT_MACHINE.scatterPays.slice(3).map((p) => `${p}× ${t('ih_total_stake')}`)}
          />
        </tbody>
      </table>
    );
  }
  return (
    <div className={styles.stack} data-testid="rules-panel">
      <p>{t(gameRulesKeys[game])}</p>
      <dl className={styles.facts}>
        <dt>{t('ih_rtp')}</dt>
        <dd data-testid="rtp">{rtp}</dd>
        <dt>{t('ih_max_multiplier')}</dt>
        <dd>{max}</dd>
        <dt>{t('ih_max_payout')}</dt>
        <dd>
          {info?.maxPayout} {info?.currency}
        </dd>
      </dl>
      {game === 'slot' ? <p className={styles.hint}>{t('ih_slot_line_bets')}</p> : null}
      {game === 'crash' ? (
        <p className={styles.hint}>
          {t('ih_crash_rules_edge', { seconds: (Math.log(2) / CRASH_GROWTH_PER_MS / 1000).toFixed(1) })}
        </p>
      ) : null}
      {table ? <div className={styles.tableWrap}>{table}</div> : null}
    </div>
  );
};
