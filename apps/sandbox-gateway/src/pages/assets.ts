import { createHash } from 'node:crypto';

/**
 * The hosted page's only two static files, kept as strings so the bundle is one file. They are served under
 * a content hash (`assets/pay.<hash>.css`) with a year of caching; the strict CSP allows nothing else.
 */

const CSS = `
:root {
  color-scheme: light dark;
  --bg: #eef0f4;
  --surface: #ffffff;
  --surface-2: #f7f8fa;
  --text: #141a24;
  --muted: #5b6475;
  --border: #cfd5df;
  --border-strong: #9aa3b2;
  --accent: #3b49df;
  --accent-hover: #2f3bc4;
  --accent-text: #ffffff;
  --focus: rgba(59, 73, 223, 0.35);
  --danger: #c5221f;
  --danger-bg: #fdecea;
  --success: #137333;
  --success-bg: #e6f4ea;
  --warning-bg: #fff4d6;
  --warning-text: #7a4f00;
  --shadow: 0 1px 2px rgba(20, 26, 36, 0.06), 0 8px 24px rgba(20, 26, 36, 0.08);
  --radius: 16px;
  --radius-field: 10px;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  font-size: 16px;
  line-height: 1.5;
  -webkit-text-size-adjust: 100%;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0e1117;
    --surface: #171b24;
    --surface-2: #1d222d;
    --text: #e8ebf1;
    --muted: #a2aabb;
    --border: #353c4a;
    --border-strong: #556074;
    --accent: #7c88ff;
    --accent-hover: #95a0ff;
    --accent-text: #0e1117;
    --focus: rgba(124, 136, 255, 0.4);
    --danger: #ff8a80;
    --danger-bg: #3a1d1d;
    --success: #81c995;
    --success-bg: #16301f;
    --warning-bg: #3a2f12;
    --warning-text: #f6d37a;
    --shadow: 0 1px 2px rgba(0, 0, 0, 0.4), 0 8px 24px rgba(0, 0, 0, 0.35);
  }
}
*, *::before, *::after { box-sizing: border-box; }
html, body { margin: 0; }
body {
  min-height: 100vh;
  background: var(--bg);
  color: var(--text);
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  padding: 24px 16px;
}
.checkout {
  width: 100%;
  max-width: 440px;
  background: var(--surface);
  border-radius: var(--radius);
  box-shadow: var(--shadow);
  overflow: hidden;
}
.summary {
  padding: 20px 20px 18px;
  background: var(--surface-2);
  border-bottom: 1px solid var(--border);
}
.brand {
  display: flex;
  align-items: center;
  gap: 8px;
  font-weight: 600;
  font-size: 0.9375rem;
  margin: 0 0 16px;
}
.brand svg { flex: none; color: var(--accent); }
.pill {
  margin-left: auto;
  padding: 2px 10px;
  border-radius: 999px;
  background: var(--warning-bg);
  color: var(--warning-text);
  font-size: 0.75rem;
  font-weight: 600;
  letter-spacing: 0.02em;
  text-transform: uppercase;
  white-space: nowrap;
}
.merchant { margin: 0; color: var(--muted); font-size: 0.875rem; }
.amount {
  margin: 2px 0 4px;
  font-size: clamp(1.625rem, 8vw, 2rem);
  line-height: 1.2;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  letter-spacing: -0.01em;
  overflow-wrap: anywhere;
}
.description { margin: 0; overflow-wrap: anywhere; }
.meta {
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 2px 12px;
  margin: 16px 0 0;
  font-size: 0.8125rem;
  color: var(--muted);
}
.meta dt { font-weight: 600; }
.meta dd { margin: 0; overflow-wrap: anywhere; }
.panel { padding: 20px; }
h1 { font-size: 1.125rem; line-height: 1.3; margin: 0 0 16px; }
.alert {
  margin: 0 0 16px;
  padding: 10px 12px;
  border-radius: var(--radius-field);
  background: var(--danger-bg);
  color: var(--danger);
  font-size: 0.9375rem;
}
.field { margin: 0 0 14px; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
label { display: block; font-size: 0.875rem; font-weight: 600; margin: 0 0 6px; }
input {
  display: block;
  width: 100%;
  height: 48px;
  padding: 0 14px;
  font: inherit;
  font-size: 1rem;
  color: var(--text);
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: var(--radius-field);
  font-variant-numeric: tabular-nums;
  transition: border-color 0.15s, box-shadow 0.15s;
}
input::placeholder { color: var(--muted); opacity: 0.7; }
input:hover { border-color: var(--border-strong); }
input:focus { outline: none; border-color: var(--accent); box-shadow: 0 0 0 3px var(--focus); }
input[aria-invalid="true"] { border-color: var(--danger); }
input[aria-invalid="true"]:focus { box-shadow: 0 0 0 3px rgba(197, 34, 31, 0.25); }
.error { margin: 6px 0 0; color: var(--danger); font-size: 0.8125rem; }
.button {
  display: flex;
  align-items: center;
  justify-content: center;
  width: 100%;
  min-height: 52px;
  margin: 6px 0 0;
  padding: 10px 16px;
  border: 0;
  border-radius: var(--radius-field);
  background: var(--accent);
  color: var(--accent-text);
  font: inherit;
  font-size: 1rem;
  font-weight: 600;
  text-align: center;
  text-decoration: none;
  cursor: pointer;
  overflow-wrap: anywhere;
}
.button:hover { background: var(--accent-hover); }
.button:focus-visible { outline: none; box-shadow: 0 0 0 3px var(--focus); }
.button[aria-disabled="true"] { opacity: 0.7; cursor: progress; }
.fineprint { margin: 16px 0 0; color: var(--muted); font-size: 0.75rem; line-height: 1.5; }
.fineprint b { font-weight: 600; white-space: nowrap; font-variant-numeric: tabular-nums; }
.outcome { text-align: center; padding-block: 8px 4px; }
.outcome .icon {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 56px;
  height: 56px;
  border-radius: 50%;
  margin: 0 0 12px;
}
.outcome.succeeded .icon { background: var(--success-bg); color: var(--success); }
.outcome.failed .icon, .outcome.expired .icon { background: var(--danger-bg); color: var(--danger); }
.outcome.unknown .icon { background: var(--surface-2); color: var(--muted); }
.outcome h1 { margin-bottom: 6px; }
.outcome p { margin: 0 0 20px; color: var(--muted); }
.page-footer {
  margin: 16px 0 0;
  max-width: 440px;
  text-align: center;
  color: var(--muted);
  font-size: 0.75rem;
  overflow-wrap: anywhere;
}
@media (min-width: 820px) {
  body { padding: 48px 24px; }
  .checkout { max-width: 880px; display: grid; grid-template-columns: 5fr 6fr; }
  .summary { padding: 40px 36px; border-bottom: 0; border-right: 1px solid var(--border); }
  .brand { margin-bottom: 40px; }
  .amount { font-size: 2.5rem; }
  .panel { padding: 40px 36px; }
  h1 { font-size: 1.25rem; margin-bottom: 20px; }
  .outcome { padding-block: 40px; }
  .page-footer { max-width: 880px; }
}
@media (max-width: 374px) {
  body { padding: 12px 8px; }
  .summary, .panel { padding-inline: 16px; }
  .row { gap: 10px; }
}
@media (prefers-reduced-motion: reduce) {
  input { transition: none; }
}
`;

/** Formats the card number in groups of four and the expiry as MM/YY while typing; guards against double submits. */
const JS = `(() => {
  const form = document.querySelector('form[data-pay]');
  if (!form) return;
  const number = form.elements.namedItem('number');
  const expiry = form.elements.namedItem('expiry');
  const cvc = form.elements.namedItem('cvc');
  const button = form.querySelector('button[type="submit"]');

  number.addEventListener('input', () => {
    const caret = number.selectionStart ?? number.value.length;
    const digitsBeforeCaret = number.value.slice(0, caret).replace(/\\D/g, '').length;
    const digits = number.value.replace(/\\D/g, '').slice(0, 19);
    const grouped = digits.replace(/(\\d{4})(?=\\d)/g, '$1 ');
    number.value = grouped;
    let position = 0;
    let seen = 0;
    while (position < grouped.length && seen < digitsBeforeCaret) {
      if (/\\d/.test(grouped[position])) seen += 1;
      position += 1;
    }
    number.setSelectionRange(position, position);
  });

  expiry.addEventListener('input', (event) => {
    let digits = expiry.value.replace(/\\D/g, '').slice(0, 4);
    if (digits.length === 1 && digits > '1') digits = '0' + digits;
    const deleting = typeof event.inputType === 'string' && event.inputType.startsWith('delete');
    if (digits.length > 2 || (digits.length === 2 && !deleting)) {
      expiry.value = digits.slice(0, 2) + '/' + digits.slice(2);
    } else {
      expiry.value = digits;
    }
  });

  cvc.addEventListener('input', () => {
    cvc.value = cvc.value.replace(/\\D/g, '').slice(0, 3);
  });

  form.addEventListener('submit', (event) => {
    if (form.dataset.submitting === 'true') {
      event.preventDefault();
      return;
    }
    form.dataset.submitting = 'true';
    if (button) {
      button.setAttribute('aria-disabled', 'true');
      button.textContent = 'Processing…';
    }
  });
})();
`;

/** The tab icon: the lock of the page's brand line. */
const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3b49df"/><g fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"><rect x="9" y="15" width="14" height="10" rx="2"/><path d="M12 15v-3a4 4 0 0 1 8 0v3"/></g></svg>`;

interface Asset {
  name: string;
  body: string;
  contentType: string;
}

const hashed = (base: string, extension: string, body: string, contentType: string): Asset => ({
  name: `${base}.${createHash('sha256').update(body).digest('hex').slice(0, 12)}.${extension}`,
  body,
  contentType,
});

export const STYLESHEET = hashed('pay', 'css', CSS, 'text/css; charset=utf-8');
export const SCRIPT = hashed('pay', 'js', JS, 'text/javascript; charset=utf-8');
export const ICON_FILE = hashed('icon', 'svg', ICON, 'image/svg+xml');
export const ASSETS = new Map([STYLESHEET, SCRIPT, ICON_FILE].map((asset) => [asset.name, asset]));
