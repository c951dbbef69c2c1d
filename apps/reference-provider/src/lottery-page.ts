import { LOTTERY_PAYTABLE } from './lottery-maths';
import { type Language, SCRIPT_PRELUDE } from './page';

/**
 * The lottery's page (`engine=lottery`): a lobby view (the game's latest draws and its paytable) and a betting
 * view (pick three digits, buy a ticket, see its draw), opened in the view the launch asked for. Its own
 * dictionary, English, Chinese and Arabic, as the provider's other pages.
 */

const texts = {
  EN: {
    provider: 'Tessera demo provider',
    lottery: 'Numbers lottery',
    balance: 'Balance',
    stake: 'Stake',
    lobby: 'Lobby',
    betting: 'Buy tickets',
    back: 'Back',
    prizeMode: 'Prize mode',
    latest: 'Latest draws',
    noDraws: 'No draws yet. Buy the first ticket.',
    pickDigits: 'Pick three digits',
    digit: 'Digit {n}',
    luckyPick: 'Lucky pick',
    buy: 'Buy ticket',
    drawn: 'Drawn: {draw}',
    win: 'You win {amount}',
    lose: 'No win this time',
    paytable: 'Pays: all three digits in order ×{straight}, the last two ×{lastTwo}, the last one ×{lastOne}.',
    rules: 'Each ticket is drawn on its own the moment you buy it.',
    pending: 'Your win is being credited',
    insufficient_funds: 'Not enough balance for this stake',
    stake_invalid: 'This stake is not accepted',
    pick_invalid: 'Pick one digit in each place',
    game_token_invalid: 'This game session has ended. Open the game again from the lobby.',
    error: 'The game could not reach the wallet. Your stake is returned if it was taken.',
  },
  CN: {
    provider: '泰瑟拉演示供应商',
    lottery: '数字彩票',
    balance: '余额',
    stake: '投注额',
    lobby: '大厅',
    betting: '购买彩票',
    back: '返回',
    prizeMode: '奖金模式',
    latest: '最新开奖',
    noDraws: '尚无开奖，来购买第一张彩票吧。',
    pickDigits: '选择三个数字',
    digit: '第 {n} 位',
    luckyPick: '机选',
    buy: '购买彩票',
    drawn: '开奖号码：{draw}',
    win: '您赢得 {amount}',
    lose: '本期未中奖',
    paytable: '赔付：三位数字全中且顺序一致 ×{straight}，后两位 ×{lastTwo}，最后一位 ×{lastOne}。',
    rules: '每张彩票在购买时单独开奖。',
    pending: '您的奖金正在入账',
    insufficient_funds: '余额不足以支付该投注额',
    stake_invalid: '不接受该投注额',
    pick_invalid: '请在每一位选择一个数字',
    game_token_invalid: '游戏会话已结束，请从大厅重新打开游戏。',
    error: '游戏无法连接钱包。如已扣款，投注额将退回。',
  },
  AR: {
    provider: 'مزوّد تيسيرا التجريبي',
    lottery: 'يانصيب الأرقام',
    balance: 'الرصيد',
    stake: 'الرهان',
    lobby: 'الردهة',
    betting: 'شراء التذاكر',
    back: 'رجوع',
    prizeMode: 'نمط الجوائز',
    latest: 'أحدث السحوبات',
    noDraws: 'لا سحوبات بعد. اشترِ أول تذكرة.',
    pickDigits: 'اختر ثلاثة أرقام',
    digit: 'الرقم {n}',
    luckyPick: 'اختيار عشوائي',
    buy: 'اشترِ التذكرة',
    drawn: 'الأرقام المسحوبة: {draw}',
    win: 'ربحت {amount}',
    lose: 'لا ربح هذه المرة',
    paytable: 'الدفع: الأرقام الثلاثة بالترتيب ×{straight}، آخر رقمين ×{lastTwo}، آخر رقم ×{lastOne}.',
    rules: 'تُسحب كل تذكرة وحدها لحظة شرائها.',
    pending: 'يجري إيداع ربحك',
    insufficient_funds: 'الرصيد غير كافٍ لهذا الرهان',
    stake_invalid: 'هذا الرهان غير مقبول',
    pick_invalid: 'اختر رقمًا في كل خانة',
    game_token_invalid: 'انتهت جلسة اللعبة. افتح اللعبة مجددًا من الردهة.',
    error: 'تعذّر على اللعبة الوصول إلى المحفظة. يُعاد رهانك إن كان قد خُصم.',
  },
} as const satisfies Record<Language, Record<string, string>>;

const escapeHtml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c] ?? c);

/** The page to go back to: only an http(s) address is honoured. */
export const backUrlOf = (raw: string | undefined): string | null => {
  if (!raw || raw.length > 500) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
};

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#0f172a;color:#e2e8f0;min-height:100vh}
main{width:min(640px,100%);margin:0 auto;padding:16px}header{display:flex;justify-content:space-between;align-items:center;gap:12px;flex-wrap:wrap}
h1{font-size:20px;margin:0}small{color:#94a3b8}.panel{background:#1e293b;border-radius:16px;padding:18px;margin-top:14px;box-shadow:0 10px 30px #0006}
.balance{font-size:26px;font-weight:700;color:#fbbf24;font-variant-numeric:tabular-nums}.row{display:flex;gap:10px;align-items:center;flex-wrap:wrap;margin-top:12px}
.tabs{display:flex;gap:8px;margin-top:14px}.tabs button{background:#334155;color:#e2e8f0}.tabs button[aria-pressed=true]{background:#f59e0b;color:#1f2937}
.balls{display:flex;gap:10px;justify-content:center;margin:16px 0}.ball{width:64px;height:64px;border-radius:50%;background:#f8fafc;color:#b91c1c;display:flex;align-items:center;justify-content:center;font-size:30px;font-weight:800;font-variant-numeric:tabular-nums}
.picks{display:flex;gap:10px;justify-content:center}.picks select{font-size:24px;width:72px;text-align:center}
button,a.button{font:inherit;border:0;border-radius:10px;padding:11px 18px;font-weight:700;cursor:pointer;background:#f59e0b;color:#1f2937;text-decoration:none;display:inline-block}button:disabled{opacity:.5;cursor:wait}
button.alt{background:#38bdf8}a.button{background:#334155;color:#e2e8f0}select{font:inherit;padding:8px;border-radius:10px;border:0}
.message{min-height:24px;margin-top:12px;font-weight:600}.win{color:#4ade80}.bad{color:#f87171}.rules{color:#94a3b8;font-size:13px;margin-top:10px}
.badge{background:#334155;border-radius:999px;padding:4px 10px;font-size:12px}h2{font-size:16px;margin:14px 0 0}ol{margin:8px 0 0;padding:0;list-style-position:inside;font-variant-numeric:tabular-nums;letter-spacing:.2em}
[hidden]{display:none!important}`;

/** The lottery page; the script (/assets/lottery.js) reads its settings from the data attributes. */
export const lotteryPage = (input: {
  gameCode: string;
  language: Language;
  view: 'lobby' | 'betting';
  backUrl: string | null;
  prizeMode: string;
}): string => {
  const t = texts[input.language];
  const dir = input.language === 'AR' ? 'rtl' : 'ltr';
  const paytable = t.paytable
    .replace('{straight}', String(LOTTERY_PAYTABLE.straight))
    .replace('{lastTwo}', String(LOTTERY_PAYTABLE.lastTwo))
    .replace('{lastOne}', String(LOTTERY_PAYTABLE.lastOne));
  const digits = Array.from({ length: 10 }, (_, n) => `<option value="${n}">${n}</option>`).join('');
  const picks = [1, 2, 3]
    .map((n) => `<select data-pick aria-label="${escapeHtml(t.digit.replace('{n}', String(n)))}">${digits}</select>`)
    .join('');
  const back = input.backUrl
    ? `<a class="button" href="${escapeHtml(input.backUrl)}" target="_top" data-back>${escapeHtml(t.back)}</a>`
    : '';
  return `<!doctype html><html lang="${input.language.toLowerCase()}" dir="${dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(t.lottery)} · ${escapeHtml(t.provider)}</title>
<style>${STYLE}</style></head>
<body data-engine="lottery" data-view="${input.view}" data-game="${escapeHtml(input.gameCode)}" data-texts="${escapeHtml(JSON.stringify(t))}">
<main><header><div><h1>${escapeHtml(t.lottery)}</h1><small>${escapeHtml(t.provider)} · ${escapeHtml(input.gameCode)}</small></div>${back}</header>
<div class="tabs" role="group"><button type="button" data-show="lobby">${escapeHtml(t.lobby)}</button><button type="button" data-show="betting">${escapeHtml(t.betting)}</button></div>
<section class="panel"><div class="row" style="justify-content:space-between;margin-top:0"><span>${escapeHtml(t.balance)}</span><span class="badge" data-prize-mode>${escapeHtml(t.prizeMode)}: ${escapeHtml(input.prizeMode)}</span></div>
<div class="balance" data-balance>—</div>
<div data-panel="lobby"><h2>${escapeHtml(t.latest)}</h2><ol data-draws></ol><p class="rules" data-no-draws>${escapeHtml(t.noDraws)}</p></div>
<div data-panel="betting"><p>${escapeHtml(t.pickDigits)}</p><div class="picks">${picks}</div>
<div class="balls" aria-live="polite"><div class="ball" data-ball>?</div><div class="ball" data-ball>?</div><div class="ball" data-ball>?</div></div>
<div class="row"><label>${escapeHtml(t.stake)} <select data-stake></select></label><button type="button" class="alt" data-action="lucky">${escapeHtml(t.luckyPick)}</button><button type="button" data-action="buy">${escapeHtml(t.buy)}</button></div>
<div class="message" data-message role="status"></div></div>
<p class="rules">${escapeHtml(paytable)} ${escapeHtml(t.rules)}</p>
</section></main>
<script src="/assets/lottery.js"></script></body></html>`;
};

/** The lottery page's script: the views, the balance, tickets through the provider's API, the host page told. */
export const LOTTERY_SCRIPT = `(() => {${SCRIPT_PRELUDE}
  const game = body.dataset.game;
  const stakeEl = $('[data-stake]');
  for (const s of ['0.10', '0.50', '1.00', '2.00', '5.00', '10.00']) { const o = document.createElement('option'); o.value = s; o.textContent = s; stakeEl.append(o); }
  stakeEl.value = '1.00';
  const picks = [...document.querySelectorAll('[data-pick]')];
  const showDraws = async () => {
    const answer = await api('/api/lottery/draws?' + new URLSearchParams({ game }));
    const list = $('[data-draws]');
    list.replaceChildren(...(answer.draws || []).map((d) => { const li = document.createElement('li'); li.textContent = d.draw; li.dataset.draw = d.draw; return li; }));
    $('[data-no-draws]').hidden = (answer.draws || []).length > 0;
  };
  const setView = (view) => {
    body.dataset.view = view;
    for (const panel of document.querySelectorAll('[data-panel]')) panel.hidden = panel.dataset.panel !== view;
    for (const tab of document.querySelectorAll('[data-show]')) tab.setAttribute('aria-pressed', String(tab.dataset.show === view));
    if (view === 'lobby') void showDraws();
  };
  for (const tab of document.querySelectorAll('[data-show]')) tab.addEventListener('click', () => setView(tab.dataset.show));
  setView(body.dataset.view === 'lobby' ? 'lobby' : 'betting');
  const buttons = [...document.querySelectorAll('[data-action]')];
  $('[data-action="lucky"]').addEventListener('click', () => {
    const random = new Uint32Array(3);
    crypto.getRandomValues(random);
    picks.forEach((el, i) => (el.value = String(random[i] % 10)));
  });
  $('[data-action="buy"]').addEventListener('click', async () => {
    buttons.forEach((b) => (b.disabled = true));
    say('');
    try {
      const pick = picks.map((el) => el.value).join('');
      const answer = await api('/api/lottery/ticket', { ...session, game, stake: stakeEl.value, pick });
      if (answer.error) return failed(answer);
      document.querySelectorAll('[data-ball]').forEach((el, i) => (el.textContent = answer.outcome.draw[i]));
      show(answer.balance);
      const drawn = t.drawn.replace('{draw}', answer.outcome.draw) + ' · ';
      if (answer.settlementPending) say(drawn + t.pending, 'win');
      else if (Number(answer.win) > 0) say(drawn + t.win.replace('{amount}', answer.win + ' ' + answer.currency), 'win');
      else say(drawn + t.lose);
    } catch { say(t.error, 'bad'); } finally { buttons.forEach((b) => (b.disabled = false)); }
  });
})();`;
