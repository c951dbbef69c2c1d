import { type Language, SCRIPT_PRELUDE } from './page';

/**
 * The sportsbook's pages (decision 0130): the member's book (fixtures, a bet slip for singles and accumulators, the
 * member's bets with their cash-out offers) in English, Chinese and Arabic, and the provider operator's page where
 * results are entered (English: it is the provider's own staff page).
 */

const texts = {
  EN: {
    provider: 'Tessera demo provider',
    title: 'Sportsbook',
    sports: 'Football',
    esports: 'E-sports',
    balance: 'Balance',
    home: 'Home',
    draw: 'Draw',
    away: 'Away',
    slip: 'Bet slip',
    slipEmpty: 'Pick odds to add them to your slip.',
    single: 'Single',
    multiple: 'Accumulator of {n}',
    odds: 'Odds',
    stake: 'Stake',
    potential: 'Potential win',
    place: 'Place bet',
    clear: 'Clear',
    placed: 'Bet placed: {stake} on odds {odds}',
    myBets: 'My bets',
    noBets: 'No bets in this session yet.',
    open: 'Open',
    settling: 'Settling',
    settled: 'Settled',
    void: 'Void',
    rolled_back: 'Returned',
    cashed_out: 'Cashed out',
    won: 'Won',
    lost: 'Lost',
    pending: 'Pending',
    payout: 'Paid',
    cashout: 'Cash out {amount}',
    cashedOut: 'Cashed out for {amount}',
    result: 'Result',
    startsAt: 'Starts',
    rules:
      'Singles and accumulators (up to 8 matches, one pick a match). A voided match counts 1.00. Stakes {min}–{max}.',
    insufficient_funds: 'Not enough balance for this stake',
    stake_invalid: 'Stakes are {min} to {max}',
    picks_invalid: 'Pick up to 8 matches, one pick each',
    fixture_closed: 'This match takes no more bets',
    payout_too_large: 'The most a bet may win is {max}: lower the stake',
    fun_unavailable: 'Free play is not offered in the sportsbook',
    cashout_unavailable: 'This bet can no longer be cashed out',
    cashout_price_changed: 'The cash-out price changed to {price}: try again',
    bet_not_found: 'This bet is not in this session',
    game_invalid: 'This sportsbook is not available. Open the game again from the lobby.',
    game_token_invalid: 'This game session has ended. Open the game again from the lobby.',
    responsible_gaming_limit: 'A limit you set on the site stops this stake. Your balance is untouched.',
    responsible_gaming_blocked: 'You are on a break or self-excluded: bets are closed. Your balance is untouched.',
    account_locked: 'Your account is locked: bets are closed.',
    merchant_disabled: 'Betting is closed on this site.',
    error: 'The sportsbook could not reach the wallet. Your stake is returned if it was taken.',
  },
  CN: {
    provider: '泰瑟拉演示供应商',
    title: '体育投注',
    sports: '足球',
    esports: '电子竞技',
    balance: '余额',
    home: '主胜',
    draw: '平局',
    away: '客胜',
    slip: '投注单',
    slipEmpty: '点击赔率加入投注单。',
    single: '单关',
    multiple: '{n} 串 1',
    odds: '赔率',
    stake: '投注额',
    potential: '可赢金额',
    place: '确认投注',
    clear: '清空',
    placed: '投注成功：{stake}，赔率 {odds}',
    myBets: '我的注单',
    noBets: '本次会话暂无注单。',
    open: '未结算',
    settling: '结算中',
    settled: '已结算',
    void: '已取消',
    rolled_back: '已退回',
    cashed_out: '已提前结算',
    won: '赢',
    lost: '输',
    pending: '待定',
    payout: '派彩',
    cashout: '提前结算 {amount}',
    cashedOut: '已提前结算 {amount}',
    result: '赛果',
    startsAt: '开赛',
    rules: '单关与串关（最多 8 场，每场一个选项）。取消的比赛按 1.00 计算。投注额 {min}–{max}。',
    insufficient_funds: '余额不足以支付该投注额',
    stake_invalid: '投注额须在 {min} 至 {max} 之间',
    picks_invalid: '最多选择 8 场比赛，每场一个选项',
    fixture_closed: '该比赛已停止投注',
    payout_too_large: '单注最高可赢 {max}，请降低投注额',
    fun_unavailable: '体育投注不提供免费试玩',
    cashout_unavailable: '该注单已无法提前结算',
    cashout_price_changed: '提前结算金额已变为 {price}，请重试',
    bet_not_found: '该注单不属于本次会话',
    game_invalid: '该体育投注暂不可用，请从大厅重新打开游戏。',
    game_token_invalid: '游戏会话已结束，请从大厅重新打开游戏。',
    responsible_gaming_limit: '您在网站上设置的限额阻止了这笔投注，余额未变。',
    responsible_gaming_blocked: '您正处于暂停或自我排除期间，无法投注，余额未变。',
    account_locked: '您的账户已被锁定，无法投注。',
    merchant_disabled: '本站已暂停投注。',
    error: '体育投注无法连接钱包。如已扣款，投注额将退回。',
  },
  AR: {
    provider: 'مزوّد تيسيرا التجريبي',
    title: 'المراهنات الرياضية',
    sports: 'كرة القدم',
    esports: 'الرياضات الإلكترونية',
    balance: 'الرصيد',
    home: 'المضيف',
    draw: 'تعادل',
    away: 'الضيف',
    slip: 'قسيمة الرهان',
    slipEmpty: 'اختر الاحتمالات لإضافتها إلى قسيمتك.',
    single: 'رهان فردي',
    multiple: 'رهان مجمّع من {n}',
    odds: 'الاحتمالات',
    stake: 'الرهان',
    potential: 'الربح المحتمل',
    place: 'ضع الرهان',
    clear: 'مسح',
    placed: 'تم وضع الرهان: {stake} على احتمالات {odds}',
    myBets: 'رهاناتي',
    noBets: 'لا رهانات في هذه الجلسة بعد.',
    open: 'مفتوح',
    settling: 'قيد التسوية',
    settled: 'تمت التسوية',
    void: 'ملغى',
    rolled_back: 'مُعاد',
    cashed_out: 'مسحوب مبكرًا',
    won: 'ربح',
    lost: 'خسارة',
    pending: 'قيد الانتظار',
    payout: 'المدفوع',
    cashout: 'اسحب مبكرًا {amount}',
    cashedOut: 'سُحب مبكرًا مقابل {amount}',
    result: 'النتيجة',
    startsAt: 'يبدأ',
    rules:
      'رهانات فردية ومجمّعة (حتى 8 مباريات، اختيار واحد لكل مباراة). المباراة الملغاة تُحسب 1.00. الرهان {min}–{max}.',
    insufficient_funds: 'الرصيد غير كافٍ لهذا الرهان',
    stake_invalid: 'الرهان من {min} إلى {max}',
    picks_invalid: 'اختر حتى 8 مباريات، اختيارًا واحدًا لكل منها',
    fixture_closed: 'هذه المباراة لم تعد تقبل رهانات',
    payout_too_large: 'أقصى ربح للرهان {max}: خفّض الرهان',
    fun_unavailable: 'اللعب المجاني غير متاح في المراهنات الرياضية',
    cashout_unavailable: 'لم يعد ممكنًا سحب هذا الرهان مبكرًا',
    cashout_price_changed: 'تغيّر سعر السحب المبكر إلى {price}: حاول مجددًا',
    bet_not_found: 'هذا الرهان ليس من هذه الجلسة',
    game_invalid: 'هذه المراهنات غير متاحة. افتح اللعبة مجددًا من الردهة.',
    game_token_invalid: 'انتهت جلسة اللعبة. افتح اللعبة مجددًا من الردهة.',
    responsible_gaming_limit: 'حدٌّ وضعته على الموقع يمنع هذا الرهان. رصيدك لم يتغير.',
    responsible_gaming_blocked: 'أنت في استراحة أو استبعاد ذاتي: الرهانات مغلقة. رصيدك لم يتغير.',
    account_locked: 'حسابك مقفل: الرهانات مغلقة.',
    merchant_disabled: 'المراهنة مغلقة على هذا الموقع.',
    error: 'تعذّر على المراهنات الوصول إلى المحفظة. يُعاد رهانك إن كان قد خُصم.',
  },
} as const;

const escapeHtml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c] ?? c);

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#0f172a;color:#e2e8f0}
main{max-width:1100px;margin:0 auto;padding:16px}header{display:flex;justify-content:space-between;align-items:baseline;gap:8px 12px;flex-wrap:wrap}
h1{font-size:20px;margin:0}h2{font-size:16px;margin:0 0 10px}small,.muted{color:#94a3b8}
.grid{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:16px;margin-top:12px}
@media (max-width:760px){.grid{display:flex;flex-direction:column}.side{display:contents}.side>.panel.panel{margin-top:0}[data-wallet]{order:-1}[data-slip]{order:1}[data-my-bets]{order:2}}
.panel{background:#1e293b;border-radius:14px;padding:14px;box-shadow:0 8px 24px #0005;min-width:0}.panel+.panel{margin-top:16px}
.balance{font-size:24px;font-weight:700;color:#fbbf24;font-variant-numeric:tabular-nums}
.fixture{border-top:1px solid #334155;padding:10px 0}.fixture:first-of-type{border-top:0}.teams{font-weight:600;overflow-wrap:anywhere}
.prices{display:grid;grid-template-columns:repeat(auto-fit,minmax(0,1fr));gap:6px;margin-top:6px}
.price{display:flex;flex-direction:column;align-items:center;gap:2px;padding:8px 4px;border-radius:10px;background:#334155;color:#e2e8f0;font-weight:700;border:2px solid transparent;min-width:0}
.price span{font-size:12px;font-weight:400;color:#cbd5e1}.price[aria-pressed="true"]{border-color:#f59e0b;background:#78350f}.price:disabled{opacity:.45;cursor:default}
button{font:inherit;border:0;border-radius:10px;padding:10px 16px;font-weight:700;cursor:pointer;background:#f59e0b;color:#1f2937}button:disabled{opacity:.5;cursor:wait}
button.ghost{background:#334155;color:#e2e8f0}select{font:inherit;padding:8px;border-radius:10px;border:0}input{font:inherit;padding:9px;border-radius:10px;border:0;width:120px;max-width:100%}
.row{display:flex;gap:8px 12px;align-items:center;flex-wrap:wrap;margin-top:10px}.between{justify-content:space-between}
.leg{display:flex;justify-content:space-between;gap:8px;font-size:14px;padding:4px 0}.leg>:first-child{overflow-wrap:anywhere;min-width:0}.leg>:last-child{white-space:nowrap}
.bet{border:1px solid #334155;border-radius:12px;padding:10px;margin-top:10px}.badge{background:#334155;border-radius:999px;padding:3px 10px;font-size:12px;white-space:nowrap}
.badge.open{background:#1d4ed8}.badge.settled,.badge.cashed_out{background:#166534}.badge.void,.badge.rolled_back{background:#52525b}
.message{min-height:22px;margin-top:10px;font-weight:600}.win{color:#4ade80}.bad{color:#f87171}.rules{color:#94a3b8;font-size:13px;margin-top:10px}
.won{color:#4ade80}.lost{color:#f87171}table{width:100%;border-collapse:collapse;font-size:14px}td,th{padding:6px;border-top:1px solid #334155;text-align:start}`;

/** A page of the provider's own: its style, body and script. */
export const page = (input: {
  language: string;
  dir: string;
  title: string;
  body: string;
  attrs: string;
  script: string;
}) =>
  `<!doctype html><html lang="${input.language}" dir="${input.dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(input.title)}</title>
<style>${STYLE}</style></head><body ${input.attrs}>${input.body}<script src="${input.script}"></script></body></html>`;

/** The member's sportsbook: the script (/assets/sportsbook.js) draws fixtures, the slip and the bets. */
export const sportsbookPage = (input: {
  gameCode: string;
  language: Language;
  sport: 'sports' | 'esports';
}): string => {
  const t = texts[input.language];
  return page({
    // A BCP 47 tag, so the page's dates read in the member's language.
    language: { EN: 'en', CN: 'zh-CN', AR: 'ar' }[input.language],
    dir: input.language === 'AR' ? 'rtl' : 'ltr',
    title: `${t.title} · ${t.provider}`,
    attrs: `data-engine="sportsbook" data-game="${escapeHtml(input.gameCode)}" data-texts="${escapeHtml(JSON.stringify(t))}"`,
    script: '/assets/sportsbook.js',
    body: `<main><header><h1>${escapeHtml(t.title)} · ${escapeHtml(input.sport === 'esports' ? t.esports : t.sports)}</h1><small>${escapeHtml(t.provider)} · ${escapeHtml(input.gameCode)}</small></header>
<div class="grid"><section class="panel" data-fixtures aria-busy="true"></section>
<div class="side"><section class="panel" data-wallet><div class="row between" style="margin-top:0"><span>${escapeHtml(t.balance)}</span><span class="balance" data-balance>—</span></div></section>
<section class="panel" data-slip><h2>${escapeHtml(t.slip)}</h2><div data-slip-legs></div>
<div class="row between"><span data-slip-kind class="muted"></span><span>${escapeHtml(t.odds)} <strong data-slip-odds>—</strong></span></div>
<div class="row"><label>${escapeHtml(t.stake)} <input data-stake inputmode="decimal" value="10.00" aria-label="${escapeHtml(t.stake)}"></label>
<span>${escapeHtml(t.potential)} <strong data-potential>—</strong></span></div>
<div class="row"><button data-action="place" disabled>${escapeHtml(t.place)}</button><button class="ghost" data-action="clear">${escapeHtml(t.clear)}</button></div>
<div class="message" data-message role="status"></div><p class="rules" data-rules></p></section>
<section class="panel" data-my-bets><h2>${escapeHtml(t.myBets)}</h2><div data-bets><p class="muted">${escapeHtml(t.noBets)}</p></div></section></div></div></main>`,
  });
};

/** The member's sportsbook script: fixtures and odds, the slip, placing bets, the bets and their cash-out. */
export const SPORTSBOOK_SCRIPT = `(() => {${SCRIPT_PRELUDE}
  const game = body.dataset.game;
  const fmt = (text, values) => text.replace(/\\{(\\w+)\\}/g, (_, k) => (values[k] ?? ''));
  const odds = (o) => (o / 100).toFixed(2);
  const el = (tag, props, children) => { const n = document.createElement(tag); Object.assign(n, props || {}); for (const c of children || []) n.append(c); return n; };
  const slip = new Map();
  let fixtures = [];
  const stakeEl = $('[data-stake]');
  const placeEl = $('[data-action="place"]');
  const cents = (text) => (/^\\d{1,6}(\\.\\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : null);
  $('[data-rules]').textContent = fmt(t.rules, { min: '1.00', max: '500.00' });
  const drawFixtures = () => {
    const box = $('[data-fixtures]');
    box.replaceChildren(...fixtures.map((f) => {
      const prices = el('div', { className: 'prices' }, ['home', 'draw', 'away'].filter((p) => f.odds[p]).map((p) => {
        const b = el('button', { className: 'price', type: 'button', disabled: f.result !== null }, [el('span', { textContent: t[p] }), odds(f.odds[p])]);
        b.dataset.pick = p;
        b.setAttribute('aria-pressed', String(slip.get(f.id) === p));
        b.addEventListener('click', () => { if (slip.get(f.id) === p) slip.delete(f.id); else slip.set(f.id, p); drawFixtures(); drawSlip(); });
        return b;
      }));
      const when = new Date(f.startsAt).toLocaleString(document.documentElement.lang, { weekday: 'short', hour: '2-digit', minute: '2-digit' });
      const head = el('div', { className: 'row between', style: 'margin-top:0' }, [el('span', { className: 'teams', textContent: f.home + ' – ' + f.away }),
        el('small', { textContent: f.result ? t.result + ': ' + t[f.result] : t.startsAt + ' ' + when })]);
      const row = el('div', { className: 'fixture' }, [head, prices]);
      row.dataset.fixture = f.id;
      return row;
    }));
    box.removeAttribute('aria-busy');
  };
  const slipOdds = () => [...slip].reduce((product, [id, p]) => product * (fixtures.find((f) => f.id === id).odds[p] / 100), 1);
  const drawSlip = () => {
    const legs = [...slip].map(([id, p]) => { const f = fixtures.find((x) => x.id === id); return el('div', { className: 'leg' }, [el('span', { textContent: f.home + ' – ' + f.away + ' · ' + t[p] }), el('strong', { textContent: odds(f.odds[p]) })]); });
    $('[data-slip-legs]').replaceChildren(...(legs.length ? legs : [el('p', { className: 'muted', textContent: t.slipEmpty })]));
    $('[data-slip-kind]').textContent = slip.size === 0 ? '' : slip.size === 1 ? t.single : fmt(t.multiple, { n: slip.size });
    const total = slipOdds();
    $('[data-slip-odds]').textContent = slip.size ? total.toFixed(2) : '—';
    const c = cents(stakeEl.value);
    $('[data-potential]').textContent = slip.size && c !== null ? (Math.floor(c * total) / 100).toFixed(2) + ' ' + session.currency : '—';
    placeEl.disabled = slip.size === 0;
  };
  stakeEl.addEventListener('input', drawSlip);
  $('[data-action="clear"]').addEventListener('click', () => { slip.clear(); drawFixtures(); drawSlip(); say(''); });
  const refusal = (answer) => { if (answer.balance) show(answer.balance); say(fmt(t[answer.error] || t.error, answer), 'bad'); };
  const drawBets = (bets) => {
    const box = $('[data-bets]');
    if (!bets.length) return box.replaceChildren(el('p', { className: 'muted', textContent: t.noBets }));
    box.replaceChildren(...bets.map((b) => {
      const legs = b.legs.map((l) => el('div', { className: 'leg' }, [el('span', { textContent: l.home + ' – ' + l.away + ' · ' + t[l.pick] + ' @ ' + odds(l.odds) }), el('span', { className: l.state, textContent: t[l.state] })]));
      const badge = el('span', { className: 'badge ' + b.state, textContent: t[b.state] });
      const money = b.state === 'cashed_out' ? fmt(t.cashedOut, { amount: b.payout + ' ' + b.currency })
        : b.payout !== null ? t.payout + ' ' + b.payout + ' ' + b.currency
        : t.potential + ' ' + b.potential + ' ' + b.currency;
      const foot = el('div', { className: 'row between' }, [el('span', { textContent: t.stake + ' ' + b.stake + ' ' + b.currency }), el('strong', { textContent: money })]);
      const card = el('div', { className: 'bet' }, [el('div', { className: 'row between', style: 'margin-top:0' }, [el('span', { className: 'muted', textContent: b.legs.length === 1 ? t.single : fmt(t.multiple, { n: b.legs.length }) }), badge]), ...legs, foot]);
      card.dataset.bet = b.id;
      card.dataset.state = b.state;
      if (b.cashout !== null && Number(b.cashout) > 0) {
        const button = el('button', { className: 'ghost', type: 'button', textContent: fmt(t.cashout, { amount: b.cashout + ' ' + b.currency }) });
        button.dataset.action = 'cashout';
        button.addEventListener('click', async () => {
          button.disabled = true;
          const answer = await api('/api/sportsbook/cashout', { ...session, betId: b.id, amount: b.cashout }).catch(() => ({ error: 'error' }));
          if (answer.error) refusal(answer); else { if (answer.balance) show(answer.balance); say(fmt(t.cashedOut, { amount: b.cashout + ' ' + b.currency }), 'win'); }
          refresh();
        });
        card.append(el('div', { className: 'row' }, [button]));
      }
      return card;
    }));
  };
  let lastBets = '';
  const refresh = async () => {
    const [f, b] = await Promise.all([api('/api/sportsbook/fixtures?game=' + encodeURIComponent(game)), api('/api/sportsbook/bets?token=' + encodeURIComponent(session.token))]);
    if (f.error) say(t[f.error] || t.error, 'bad');
    if (f.fixtures) { fixtures = f.fixtures; for (const fx of fixtures) if (fx.result !== null) slip.delete(fx.id); drawFixtures(); drawSlip(); }
    if (b.bets) {
      const text = JSON.stringify(b.bets);
      // A settlement, resettlement or void changed the balance: ask for it again.
      if (lastBets && text !== lastBets && session.mode === 'real') api('/api/session?' + new URLSearchParams(session)).then((a) => (a.error ? null : show(a.balance)));
      lastBets = text;
      drawBets(b.bets);
    }
  };
  placeEl.addEventListener('click', async () => {
    placeEl.disabled = true;
    say('');
    try {
      const total = slipOdds().toFixed(2);
      const answer = await api('/api/sportsbook/bets', { ...session, game, stake: stakeEl.value.trim(), picks: [...slip].map(([fixtureId, pick]) => ({ fixtureId, pick })) });
      if (answer.error) return refusal(answer);
      show(answer.balance);
      say(fmt(t.placed, { stake: answer.bet.stake + ' ' + answer.bet.currency, odds: total }), 'win');
      slip.clear();
      await refresh();
    } catch { say(t.error, 'bad'); } finally { drawSlip(); }
  });
  refresh();
  setInterval(refresh, 3000);
})();`;

/** The provider operator's page: the key, then every fixture with its result. */
export const operatorPage = (): string =>
  page({
    language: 'en',
    dir: 'ltr',
    title: 'Sportsbook results · Tessera demo provider',
    attrs: 'data-page="sportsbook-admin"',
    script: '/assets/sportsbook-admin.js',
    body: `<main><header><h1>Sportsbook results</h1><small>Tessera demo provider · operator</small></header>
<section class="panel" style="margin-top:12px"><form class="row" data-key-form style="margin-top:0"><label>Operator key <input type="password" data-key autocomplete="off" style="width:220px"></label><button>Open</button></form>
<div class="message" data-message role="status"></div></section>
<section class="panel" data-fixtures hidden style="margin-top:16px;overflow-x:auto"><table><thead><tr><th>Fixture</th><th>Match</th><th>Odds</th><th>Bets</th><th>Result</th><th></th></tr></thead><tbody data-rows></tbody></table></section></main>`,
  });

export const OPERATOR_SCRIPT = `(() => {
  const $ = (s) => document.querySelector(s);
  const message = $('[data-message]');
  const say = (text, kind) => { message.textContent = text; message.className = 'message ' + (kind || ''); };
  const names = { home: 'Home', draw: 'Draw', away: 'Away', void: 'Void' };
  let key = sessionStorage.getItem('sportsbook-operator-key') || '';
  const call = async (path, payload) => (await fetch(path, { method: payload ? 'POST' : 'GET', headers: { 'x-operator-key': key, ...(payload ? { 'content-type': 'application/json' } : {}) }, body: payload ? JSON.stringify(payload) : undefined })).json();
  const load = async () => {
    const answer = await call('/api/sportsbook/admin/fixtures');
    if (answer.error) { $('[data-fixtures]').hidden = true; return say(answer.error === 'operator_key_invalid' ? 'Wrong operator key' : answer.error, 'bad'); }
    sessionStorage.setItem('sportsbook-operator-key', key);
    $('[data-fixtures]').hidden = false;
    $('[data-rows]').replaceChildren(...answer.fixtures.map((f) => {
      const tr = document.createElement('tr');
      tr.dataset.fixture = f.id;
      const cells = [f.id, f.home + ' – ' + f.away, Object.entries(f.odds).map(([p, o]) => names[p] + ' ' + (o / 100).toFixed(2)).join(' · '), String(f.bets)];
      for (const text of cells) { const td = document.createElement('td'); td.textContent = text; tr.append(td); }
      const select = document.createElement('select');
      select.dataset.result = '';
      select.disabled = f.result === 'void';
      for (const r of ['', ...Object.keys(f.odds), 'void']) { const o = document.createElement('option'); o.value = r; o.textContent = r ? names[r] : '—'; select.append(o); }
      select.value = f.result || '';
      const button = document.createElement('button');
      button.textContent = f.result ? 'Correct' : 'Settle';
      button.dataset.action = 'save';
      button.disabled = f.result === 'void';
      button.addEventListener('click', async () => {
        if (!select.value) return say('Choose a result', 'bad');
        button.disabled = true;
        const answer = await call('/api/sportsbook/admin/results', { fixtureId: f.id, result: select.value });
        if (answer.error) say(answer.error, 'bad');
        else say(f.id + ': ' + names[select.value] + ' · ' + answer.bets.length + ' bet(s): ' + answer.bets.map((b) => b.state + (b.payout !== null ? ' ' + b.payout : '') + (b.refused ? ' (' + b.refused + ')' : '')).join(', '), 'win');
        load();
      });
      const resultCell = document.createElement('td'); resultCell.append(select);
      const actionCell = document.createElement('td'); actionCell.append(button);
      tr.append(resultCell, actionCell);
      return tr;
    }));
  };
  $('[data-key]').value = key;
  $('[data-key-form]').addEventListener('submit', (event) => { event.preventDefault(); key = $('[data-key]').value; load(); });
  if (key) load();
})();`;
