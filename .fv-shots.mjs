import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:9180';
const out = '/tmp/fv/shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const shots = process.argv.slice(2);
for (const spec of shots) {
  const [name, path, lang, theme, width, wait] = spec.split('|');
  const context = await browser.newContext({ viewport: { width: Number(width), height: Number(width) < 800 ? 844 : 900 }, colorScheme: theme });
  await context.addInitScript(([l, t]) => {
    localStorage.setItem('lang', l);
    sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
    sessionStorage.setItem('USER_POPUP', 'closed');
  }, [lang, theme]);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(base + path, { waitUntil: 'networkidle' }).catch(() => {});
  if (wait) await page.locator(wait).first().waitFor({ timeout: 60000 }).catch((e) => console.log('wait failed', wait));
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `${out}/${name}-${lang}-${theme}-${width}.png` });
  console.log(name, lang, theme, width, 'errors:', JSON.stringify(errors));
  await context.close();
}
await browser.close();
