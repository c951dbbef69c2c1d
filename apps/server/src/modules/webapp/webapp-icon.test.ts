import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { monogramOf, renderAppIcon } from './webapp-icon';

describe('app icons', () => {
  it('takes the first drawable letter of the first two words, accents removed', () => {
    expect(monogramOf('Tessera Demo')).toBe('TD');
    expect(monogramOf('Élan lux casino')).toBe('EL');
    expect(monogramOf('Olimp')).toBe('O');
    expect(monogramOf('天天娱乐')).toBe('');
    expect(monogramOf('777 Club')).toBe('7C');
  });

  it('draws the monogram in the foreground colour on the background, and a mosaic without one', () => {
    const draw = (monogram: string) =>
      PNG.sync.read(
        renderAppIcon({ size: 96, maskable: true, background: [0, 0, 255], foreground: [255, 255, 0], monogram }),
      );
    for (const icon of [draw('TD'), draw('')]) {
      expect([icon.width, icon.height]).toEqual([96, 96]);
      let inked = 0;
      for (let i = 0; i < icon.data.length; i += 4) if ((icon.data[i] ?? 0) > 200) inked += 1;
      // The mark covers part of the square, never all of it.
      expect(inked).toBeGreaterThan(96 * 96 * 0.03);
      expect(inked).toBeLessThan(96 * 96 * 0.5);
    }
  });
});
