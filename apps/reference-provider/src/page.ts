/**
 * The provider's game page: what a member sees inside the platform's /seamless frame. Its own small dictionary
 * (the provider is an outside party with its own texts), English, Chinese and Arabic.
 */

export const texts = {
  EN: {
    provider: 'Tessera demo provider',
    slot: 'Slot machine',
    dice: 'Big or Small',
    balance: 'Balance',
    stake: 'Stake',
    spin: 'Spin',
    big: 'Big (11–17)',
    small: 'Small (4–10)',
    win: 'You win {amount}',
    lose: 'No win this time',
    fun: 'Free play: play money only',
    pending: 'Your win is being credited',
    insufficient_funds: 'Not enough balance for this stake',
    responsible_gaming_limit: 'A limit you set on the site stops this stake. Your balance is untouched.',
    responsible_gaming_blocked: 'You are on a break or self-excluded: bets are closed. Your balance is untouched.',
    stake_invalid: 'This stake is not accepted at this table',
    game_token_invalid: 'This game session has ended. Open the game again from the lobby.',
    error: 'The game could not reach the wallet. Your stake is returned if it was taken.',
    paytable: 'Pays: three ♦ ×200, three 7 ×100, three ★ ×30, three ♫ ×15, three ☀ ×10, three ♥ ×6, two ♥ ×2',
    diceRules: 'Three dice. Big or Small pays 1:1; any triple loses.',
    room: 'Room',
    beginner: 'Beginner',
    intermediate: 'Intermediate',
    advanced: 'Advanced',
    vip: 'VIP',
    roomRules:
      'Room play: an opponent stakes the same on the other side; the winner takes the pot less a 5% rake; a triple is a push.',
    potWin: 'You win {amount} (the pot of {pot} less the {rake} rake)',
    push: 'A triple: a push, your stake is returned',
  },
  CN: {
    provider: '泰瑟拉演示供应商',
    slot: '老虎机',
    dice: '骰宝大小',
    balance: '余额',
    stake: '投注额',
    spin: '旋转',
    big: '大 (11–17)',
    small: '小 (4–10)',
    win: '您赢得 {amount}',
    lose: '本局未中奖',
    fun: '免费试玩：仅限游戏币',
    pending: '您的奖金正在入账',
    insufficient_funds: '余额不足以支付该投注额',
    responsible_gaming_limit: '您在网站上设置的限额阻止了这笔投注，余额未变。',
    responsible_gaming_blocked: '您正处于暂停或自我排除期间，无法投注，余额未变。',
    stake_invalid: '此桌不接受该投注额',
    game_token_invalid: '游戏会话已结束，请从大厅重新打开游戏。',
    error: '游戏无法连接钱包。如已扣款，投注额将退回。',
    paytable: '赔付：三个♦ ×200，三个7 ×100，三个★ ×30，三个♫ ×15，三个☀ ×10，三个♥ ×6，两个♥ ×2',
    diceRules: '三颗骰子。押大或押小 1 赔 1；任何围骰通杀。',
    room: '房间',
    beginner: '新手场',
    intermediate: '初级场',
    advanced: '高级场',
    vip: '贵宾场',
    roomRules: '房间对战：对手在另一边押相同金额；赢家拿走彩池并扣除 5% 抽水；围骰为和局。',
    potWin: '您赢得 {amount}（彩池 {pot} 扣除抽水 {rake}）',
    push: '围骰：和局，投注额退回',
  },
  AR: {
    provider: 'مزوّد تيسيرا التجريبي',
    slot: 'ماكينة السلوت',
    dice: 'كبير أو صغير',
    balance: 'الرصيد',
    stake: 'الرهان',
    spin: 'دوّر',
    big: 'كبير (11–17)',
    small: 'صغير (4–10)',
    win: 'ربحت {amount}',
    lose: 'لا ربح هذه المرة',
    fun: 'لعب مجاني: أموال لعب فقط',
    pending: 'يجري إيداع ربحك',
    insufficient_funds: 'الرصيد غير كافٍ لهذا الرهان',
    responsible_gaming_limit: 'حدٌّ وضعته على الموقع يمنع هذا الرهان. رصيدك لم يتغير.',
    responsible_gaming_blocked: 'أنت في استراحة أو استبعاد ذاتي: الرهانات مغلقة. رصيدك لم يتغير.',
    stake_invalid: 'لا تقبل هذه الطاولة هذا الرهان',
    game_token_invalid: 'انتهت جلسة اللعبة. افتح اللعبة مجددًا من الردهة.',
    error: 'تعذّر على اللعبة الوصول إلى المحفظة. يُعاد رهانك إن كان قد خُصم.',
    paytable: 'الدفع: ثلاثة ♦ ×200، ثلاثة 7 ×100، ثلاثة ★ ×30، ثلاثة ♫ ×15، ثلاثة ☀ ×10، ثلاثة ♥ ×6، اثنان ♥ ×2',
    diceRules: 'ثلاث نرود. كبير أو صغير يدفع 1:1؛ أي ثلاثية تخسر.',
    room: 'الغرفة',
    beginner: 'المبتدئين',
    intermediate: 'المتوسطة',
    advanced: 'المتقدمة',
    vip: 'كبار الشخصيات',
    roomRules:
      'لعب الغرفة: يراهن خصم بالمبلغ نفسه على الجانب الآخر؛ يأخذ الفائز الرهان المجمّع مطروحًا منه عمولة 5%؛ الثلاثية تعادل.',
    potWin: 'ربحت {amount} (الرهان المجمّع {pot} مطروحًا منه عمولة {rake})',
    push: 'ثلاثية: تعادل، يُعاد رهانك',
  },
} as const;
export type Language = keyof typeof texts;
export const languageOf = (code: string | undefined): Language =>
  code && Object.hasOwn(texts, code.toUpperCase()) ? (code.toUpperCase() as Language) : 'EN';

export const escapeHtml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c] ?? c);

export const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#0f172a;color:#e2e8f0;min-height:100vh;display:flex;align-items:center;justify-content:center}
main{width:min(560px,100%);padding:20px}header{display:flex;justify-content:space-between;align-items:baseline;gap:12px;flex-wrap:wrap}
h1{font-size:20px;margin:0}small{color:#94a3b8}.panel{background:#1e293b;border-radius:16px;padding:20px;margin-top:16px;box-shadow:0 10px 30px #0006}
.balance{font-size:28px;font-weight:700;color:#fbbf24;font-variant-numeric:tabular-nums}.row{display:flex;gap:10px;align-items:center;flex-wrap:wrap;margin-top:14px}
.reels,.dice{display:flex;gap:12px;justify-content:center;margin:18px 0}.reel{width:96px;height:110px;border-radius:12px;background:#f8fafc;color:#0f172a;display:flex;align-items:center;justify-content:center;font-size:54px;font-weight:800}
.die{width:80px;height:80px;border-radius:14px;background:#f8fafc;color:#b91c1c;display:flex;align-items:center;justify-content:center;font-size:40px;font-weight:800}
button{font:inherit;border:0;border-radius:10px;padding:12px 20px;font-weight:700;cursor:pointer;background:#f59e0b;color:#1f2937}button:disabled{opacity:.5;cursor:wait}
button.alt{background:#38bdf8}select{font:inherit;padding:10px;border-radius:10px;border:0}.message{min-height:24px;margin-top:14px;font-weight:600}.win{color:#4ade80}.bad{color:#f87171}
.rules{color:#94a3b8;font-size:13px;margin-top:12px}.badge{background:#334155;border-radius:999px;padding:4px 10px;font-size:12px}`;

/** A PVP room the platform opened the game in: its level and stake range (wire amounts). */
export interface Room {
  level: 'beginner' | 'intermediate' | 'advanced' | 'vip';
  minBet: string;
  maxBet: string;
}

/** The page of one game; the script (/assets/play.js) reads its settings from the data attributes. */
export const gamePage = (input: {
  engine: 'slot' | 'dice';
  gameCode: string;
  language: Language;
  mode: 'real' | 'fun';
  room?: Room | undefined;
}): string => {
  const t = texts[input.language];
  const room = input.room
    ? `<span class="badge" data-room="${input.room.level}">${t.room}: ${t[input.room.level]} · ${input.room.minBet}–${input.room.maxBet}</span>`
    : '';
  const dir = input.language === 'AR' ? 'rtl' : 'ltr';
  const board =
    input.engine === 'slot'
      ? `<div class="reels" aria-live="polite"><div class="reel" data-reel>7</div><div class="reel" data-reel>7</div><div class="reel" data-reel>7</div></div>
         <div class="row"><label>${t.stake} <select data-stake></select></label><button data-action="spin">${t.spin}</button></div>
         <p class="rules">${escapeHtml(t.paytable)}</p>`
      : `<div class="dice" aria-live="polite"><div class="die" data-die>⚀</div><div class="die" data-die>⚀</div><div class="die" data-die>⚀</div></div>
         <div class="row"><label>${t.stake} <select data-stake></select></label><button data-action="big">${t.big}</button><button class="alt" data-action="small">${t.small}</button></div>
         <p class="rules">${escapeHtml(input.room ? t.roomRules : t.diceRules)}</p>`;
  return `<!doctype html><html lang="${input.language.toLowerCase()}" dir="${dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(input.engine === 'slot' ? t.slot : t.dice)} · ${escapeHtml(t.provider)}</title>
<style>${STYLE}</style></head>
<body data-engine="${input.engine}" data-texts="${escapeHtml(JSON.stringify(t))}">
<main><header><h1>${escapeHtml(input.engine === 'slot' ? t.slot : t.dice)}</h1><small>${escapeHtml(t.provider)} · ${escapeHtml(input.gameCode)}</small></header>
<section class="panel"><div class="row" style="justify-content:space-between;margin-top:0"><span>${t.balance}</span>${input.mode === 'fun' ? `<span class="badge">${t.fun}</span>` : ''}${room}</div>
<div class="balance" data-balance>—</div>${board}<div class="message" data-message role="status"></div></section></main>
<script src="/assets/play.js"></script></body></html>`;
};

/**
 * What every game page's script starts with: the session from the launch URL, the page's texts, the balance shown
 * and told to the host page (`tessera:balance`), messages, and calls to the provider's API.
 */
export const SCRIPT_PRELUDE = `
  const q = new URLSearchParams(location.search);
  const session = { token: q.get('token') || '', mode: q.get('mode') === 'fun' ? 'fun' : 'real', currency: q.get('currency') || 'USD' };
  const body = document.body;
  const t = JSON.parse(body.dataset.texts);
  const $ = (sel) => document.querySelector(sel);
  const balanceEl = $('[data-balance]');
  const message = $('[data-message]');
  const show = (balance) => {
    balanceEl.textContent = balance + ' ' + session.currency;
    if (session.mode === 'real') parent.postMessage({ type: 'tessera:balance', balance, currency: session.currency }, '*');
  };
  const say = (text, kind) => { message.textContent = text; message.className = 'message ' + (kind || ''); };
  const api = async (path, payload) => {
    const response = await fetch(path, { method: payload ? 'POST' : 'GET', headers: payload ? { 'content-type': 'application/json' } : {}, body: payload ? JSON.stringify(payload) : undefined });
    return response.json();
  };
  const failed = (answer) => {
    if (answer.balance) show(answer.balance);
    say(t[answer.error] || t.error, 'bad');
  };
  api('/api/session?' + new URLSearchParams(session)).then((a) => (a.error ? failed(a) : show(a.balance)));`;

/** The page's script: loads the balance, plays rounds through the provider's API, tells the host page the balance. */
export const PLAY_SCRIPT = `(() => {${SCRIPT_PRELUDE}
  // A room's table: only the stakes of its range (the provider checks them again).
  const room = document.querySelector('[data-room]') ? { minBet: q.get('minBet'), maxBet: q.get('maxBet') } : null;
  const engine = body.dataset.engine;
  const ladder = ['0.10', '0.50', '1.00', '2.00', '5.00', '10.00', '20.00', '50.00', '100.00'];
  const stakes = room ? ladder.filter((s) => Number(s) >= Number(room.minBet) && Number(s) <= Number(room.maxBet)) : ladder.slice(0, 6);
  const stakeEl = $('[data-stake]');
  for (const s of stakes) { const o = document.createElement('option'); o.value = s; o.textContent = s; stakeEl.append(o); }
  stakeEl.value = stakes.includes('1.00') ? '1.00' : stakes[0];
  const symbols = { cherry: '♥', lemon: '☀', bell: '♫', star: '★', seven: '7', diamond: '♦' };
  const faces = ['⚀','⚁','⚂','⚃','⚄','⚅'];
  const buttons = [...document.querySelectorAll('[data-action]')];
  for (const button of buttons) {
    button.addEventListener('click', async () => {
      buttons.forEach((b) => (b.disabled = true));
      say('');
      try {
        const action = button.dataset.action;
        const answer = await api(engine === 'slot' ? '/api/spin' : '/api/roll', { ...session, ...(room || {}), stake: stakeEl.value, ...(engine === 'slot' ? {} : { pick: action }) });
        if (answer.error) return failed(answer);
        if (engine === 'slot') document.querySelectorAll('[data-reel]').forEach((el, i) => (el.textContent = symbols[answer.outcome.line[i]]));
        else document.querySelectorAll('[data-die]').forEach((el, i) => (el.textContent = faces[answer.outcome.dice[i] - 1]));
        show(answer.balance);
        if (answer.settlementPending) say(t.pending, 'win');
        else if (answer.outcome.rake !== undefined && answer.win === answer.stake) say(t.push);
        else if (answer.outcome.rake !== undefined && Number(answer.win) > 0) say(t.potWin.replace('{amount}', answer.win + ' ' + answer.currency).replace('{pot}', answer.outcome.pot).replace('{rake}', answer.outcome.rake), 'win');
        else if (Number(answer.win) > 0) say(t.win.replace('{amount}', answer.win + ' ' + answer.currency), 'win');
        else say(t.lose);
      } catch { say(t.error, 'bad'); } finally { buttons.forEach((b) => (b.disabled = false)); }
    });
  }
})();`;
