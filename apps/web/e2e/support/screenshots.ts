import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where journeys leave screenshots for a person to look at (SCREENSHOT_DIR, else the temp folder). */
export const screenshotPath = (name: string): string => {
  const dir = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'tessera-screenshots');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
};
