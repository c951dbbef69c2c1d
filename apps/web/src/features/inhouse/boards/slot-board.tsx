import type { InhouseRound } from '@tessera/contracts';
import { SLOT_MACHINE, slotWindow } from '@tessera/engines';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../inhouse.module.css';
import { slotSymbolKeys } from '../labels';

const GLYPHS: Record<string, { glyph: string; color: string }> = {
  wild: { glyph: 'W', color: '#e4a21b' },
  scatter: { glyph: '★', color: '#b04ad8' },
  seven: { glyph: '7', color: '#d93349' },
  bell: { glyph: 'B', color: '#e0b400' },
  melon: { glyph: 'M', color: '#13a36a' },
  grape: { glyph: 'G', color: '#7a4ad8' },
  orange: { glyph: 'O', color: '#f08a1b' },
  lemon: { glyph: 'L', color: '#c9b800' },
  cherry: { glyph: 'C', color: '#c2185b' },
};

const SymbolIcon = ({ name }: { name: string }) => {
  const { t } = useTranslation('inhouse');
  const look = GLYPHS[name] ?? { glyph: '?', color: 'gray' };
  return (
    <svg viewBox="0 0 40 40" className={styles.slotSymbol} role="img" aria-label={t(slotSymbolKeys[name] ?? name)}>
      <circle cx="20" cy="20" r="17" fill={look.color} opacity="0.18" />
      <circle cx="20" cy="20" r="17" fill="none" stroke={look.color} strokeWidth="2" />
      <text x="20" y="27" textAnchor="middle" fontSize="20" fontWeight="700" fill={look.color}>
        {look.glyph}
      </text>
    </svg>
  );
};

/** Five reels that spin through their real strips and stop, left to right, on the drawn stops. */
export const SlotBoard = ({ round }: { round: InhouseRound | null }) => {
  const stops = round?.game === 'slot' && round.outcome ? round.outcome.stops : null;
  const [offsets, setOffsets] = useState<number[]>([0, 0, 0, 0, 0]);
  useEffect(() => {
    if (!stops) return;
    const started = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const elapsed = now - started;
      let spinning = false;
      setOffsets(
        stops.map((stop, reel) => {
          const stopAt = 500 + reel * 180;
          if (elapsed >= stopAt) return stop;
          spinning = true;
          return (stop + Math.floor((stopAt - elapsed) / 45)) % 25;
        }),
      );
      if (spinning) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [stops]);
  const window = slotWindow(SLOT_MACHINE, offsets);
  return (
    <div className={styles.reels} dir="ltr" data-testid="slot-reels">
      {window.map((row, r) =>
        row.map((symbol, reel) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed window cells
          <div key={`${r}-${reel}`} className={styles.reelCell}>
            <SymbolIcon name={symbol} />
          </div>
        )),
      )}
    </div>
  );
};
