import { chromium } from 'playwright-core';

const base = process.env.BASE ?? 'http://127.0.0.1:8150';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const shots = (process.env.SHOTS ?? 'home').split(',');
for (const spec of shots) {
  const [path, width, theme, lang, name] = spec.split('|');
  const context = await browser.newContext({ viewport: { width: Number(width), height: 900 } });
  await context
    .addInitScript(
      ([th, lg]) => {
        localStorage.setItem('theme', th);
        localStorage.setItem('lang', lg);
        if (!sessionStorage.getItem('keep')) {
          sessionStorage.setItem('ANONYMOUS_POPUP', process_close);
        }
      },
      [theme, lang],
    )
    .catch(() => {});
  const page = await context.newPage();
  await page.addInitScript(
    ([th, lg, close]) => {
      localStorage.setItem('theme', th);
      localStorage.setItem('lang', lg);
      if (close === '1') sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
    },
    [theme, lang, process.env.CLOSE ?? '1'],
  );
  await page.goto(base + path);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/frame/shots/${name}.png`, fullPage: process.env.FULL === '1' });
  await context.close();
}
await browser.close();
