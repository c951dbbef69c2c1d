import { type CardField, type CardForm, groupCardNumber } from '../cards';
import { html, type SafeHtml } from '../html';
import { formatAmount } from '../money';
import type { Payment } from '../state-file';
import { ICON_FILE, SCRIPT, STYLESHEET } from './assets';

/**
 * The hosted page's HTML. Pages live at /pay/<id>, so every link is relative to /pay/ (the gateway also works
 * behind a path prefix). Text reaches the page only through `html`, which escapes it.
 */

const LOCK_ICON = html`<svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><rect x="4" y="11" width="16" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/></svg>`;
const CHECK_ICON = html`<svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"><path d="M5 12.5l4.5 4.5L19 7.5"/></svg>`;
const CROSS_ICON = html`<svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round"><path d="M7 7l10 10M17 7L7 17"/></svg>`;
const CLOCK_ICON = html`<svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"><circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/></svg>`;
const QUESTION_ICON = html`<svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"><circle cx="12" cy="12" r="9"/><path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17.5v.01"/></svg>`;

const TEST_CARDS_NOTE = html`<p class="fineprint">Sandbox: use <b>4242 4242 4242 4242</b> to succeed, <b>4000 0000 0000 0002</b> to be declined. Any future expiry date and any 3-digit CVC. No real money moves.</p>`;

export const page = (title: string, body: SafeHtml): string =>
  `<!doctype html>\n${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title}</title>
<link rel="icon" href="assets/${ICON_FILE.name}" type="image/svg+xml">
<link rel="stylesheet" href="assets/${STYLESHEET.name}">
<script src="assets/${SCRIPT.name}" defer></script>
</head>
<body>
${body}
</body>
</html>
`}`;

/** The status query parameter added to `returnUrl` (existing parameters are kept). */
export const returnLink = (payment: Payment): string => {
  const url = new URL(payment.returnUrl);
  url.searchParams.set('status', payment.status);
  return url.toString();
};

const timeUtc = (iso: string): string => `${iso.slice(11, 16)} UTC`;

const summary = (payment: Payment, now: number): SafeHtml => {
  const minutesLeft = Math.max(1, Math.ceil((Date.parse(payment.expiresAt) - now) / 60_000));
  const statusRow =
    payment.status === 'pending'
      ? html`<dt>Expires</dt><dd>in ${minutesLeft} min (<time datetime="${payment.expiresAt}">${timeUtc(payment.expiresAt)}</time>)</dd>`
      : html`<dt>Status</dt><dd>${payment.status}</dd>`;
  return html`<section class="summary" aria-label="Payment summary">
<p class="brand">${LOCK_ICON}<span>Sandbox Gateway</span><span class="pill">Test mode</span></p>
<p class="merchant">Pay ${payment.merchantId}</p>
<p class="amount">${formatAmount(payment.amount, payment.currency)}</p>
<p class="description">${payment.description}</p>
<dl class="meta"><dt>Order</dt><dd>${payment.merchantOrderId}</dd>${statusRow}</dl>
</section>`;
};

const footer = (payment: Payment): SafeHtml =>
  html`<footer class="page-footer">Payment ${payment.paymentId} · Tessera sandbox gateway</footer>`;

export interface PayFormView {
  payment: Payment;
  now: number;
  values?: Partial<CardForm>;
  errors?: Partial<Record<CardField, string>>;
  alert?: string;
}

interface FieldSpec {
  name: CardField;
  label: string;
  attributes: SafeHtml;
}

const FIELDS: Record<CardField, FieldSpec> = {
  number: {
    name: 'number',
    label: 'Card number',
    attributes: html`inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" spellcheck="false"`,
  },
  expiry: {
    name: 'expiry',
    label: 'Expiry (MM/YY)',
    attributes: html`inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7" spellcheck="false"`,
  },
  cvc: {
    name: 'cvc',
    label: 'CVC',
    attributes: html`inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="3" spellcheck="false"`,
  },
  name: {
    name: 'name',
    label: 'Name on card',
    attributes: html`autocomplete="cc-name" placeholder="Full name" maxlength="100" autocapitalize="words" spellcheck="false"`,
  },
};

const ORDER: CardField[] = ['number', 'expiry', 'cvc', 'name'];

const field = (spec: FieldSpec, value: string, error: string | undefined, autofocus: boolean): SafeHtml => {
  const errorId = `${spec.name}-error`;
  return html`<div class="field">
<label for="${spec.name}">${spec.label}</label>
<input id="${spec.name}" name="${spec.name}" type="text" required ${spec.attributes} value="${value}"${error ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''}${autofocus ? html` autofocus` : ''}>
${error ? html`<p class="error" id="${errorId}">${error}</p>` : ''}
</div>`;
};

export const payFormPage = (view: PayFormView): string => {
  const { payment, now } = view;
  const errors = view.errors ?? {};
  const firstError = ORDER.find((name) => errors[name]);
  const value = (name: CardField): string => {
    const raw = view.values?.[name] ?? '';
    if (name === 'cvc') return '';
    if (name === 'number') {
      const digits = raw.replace(/[\s-]/g, '');
      return /^[0-9]+$/.test(digits) ? groupCardNumber(digits) : raw;
    }
    return raw;
  };
  const render = (name: CardField) => field(FIELDS[name], value(name), errors[name], name === firstError);
  const amount = formatAmount(payment.amount, payment.currency);
  const body = html`<main class="checkout">
${summary(payment, now)}
<section class="panel">
<h1>Pay with card</h1>
${view.alert ? html`<p class="alert" role="alert">${view.alert}</p>` : ''}
<form method="post" action="${payment.paymentId}" novalidate data-pay>
<input type="hidden" name="csrf" value="${payment.csrfToken}">
${render('number')}
<div class="row">
${render('expiry')}
${render('cvc')}
</div>
${render('name')}
<button class="button" type="submit">Pay ${amount}</button>
</form>
${TEST_CARDS_NOTE}
</section>
</main>
${footer(payment)}`;
  return page(`Pay ${amount} · Sandbox Gateway`, body);
};

export interface OutcomeView {
  payment: Payment;
  now: number;
  /** Shown when the page answers a submit for a payment that was already final. */
  note?: string;
}

export const outcomePage = ({ payment, now, note }: OutcomeView): string => {
  const amount = formatAmount(payment.amount, payment.currency);
  const card = payment.cardLast4 ? `the card ending ${payment.cardLast4}` : 'the card';
  const outcome =
    payment.status === 'succeeded'
      ? { icon: CHECK_ICON, title: 'Payment successful', text: `${amount} was paid with ${card}.` }
      : payment.status === 'failed'
        ? { icon: CROSS_ICON, title: 'Payment declined', text: `The bank declined ${card}. No money was taken.` }
        : {
            icon: CLOCK_ICON,
            title: 'Payment expired',
            text: 'This payment was not completed in time. Start a new one from the merchant’s site.',
          };
  const body = html`<main class="checkout">
${summary(payment, now)}
<section class="panel">
<div class="outcome ${payment.status}" role="status">
<span class="icon">${outcome.icon}</span>
<h1>${outcome.title}</h1>
<p>${outcome.text}${note ? html`<br>${note}` : ''}</p>
<a class="button" href="${returnLink(payment)}">Return to merchant</a>
</div>
</section>
</main>
${footer(payment)}`;
  return page(`${outcome.title} · Sandbox Gateway`, body);
};

export const notFoundPage = (): string =>
  page(
    'Payment not found · Sandbox Gateway',
    html`<main class="checkout">
<section class="panel">
<div class="outcome unknown" role="status">
<span class="icon">${QUESTION_ICON}</span>
<h1>Payment not found</h1>
<p>This payment link is not valid. Start the payment again from the merchant’s site.</p>
</div>
</section>
</main>`,
  );

export const errorPage = (title: string, text: string): string =>
  page(
    `${title} · Sandbox Gateway`,
    html`<main class="checkout">
<section class="panel">
<div class="outcome unknown" role="alert">
<span class="icon">${QUESTION_ICON}</span>
<h1>${title}</h1>
<p>${text}</p>
</div>
</section>
</main>`,
  );
