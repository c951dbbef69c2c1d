import { escapeHtml, type Language, SCRIPT_PRELUDE, STYLE, texts } from './page';

/**
 * The page of a live baccarat table or a cockfight pit: the shared round's countdown, the spots, the player's bets
 * of the round, a tip to the dealer (baccarat), the results. EN, CN and AR like the provider's other pages; the
 * common texts (balance, stake, wallet refusals) come from src/page.ts.
 */
const tableTexts = {
  EN: {
    live: 'Live baccarat',
    cockfight: 'Cockfight',
    round: 'Round {no}',
    closesIn: 'Bets close in {s} s',
    dealing: 'Bets closed: result coming',
    player: 'Player',
    banker: 'Banker',
    tie: 'Tie',
    meron: 'Meron',
    wala: 'Wala',
    draw: 'Draw',
    shortPlayer: 'P',
    shortBanker: 'B',
    shortTie: 'T',
    shortMeron: 'M',
    shortWala: 'W',
    shortDraw: 'D',
    odds: '×{odds}',
    yourBets: 'Your bets this round',
    noBets: 'No bets yet: choose a stake, then a spot.',
    tip: 'Tip the dealer',
    tips: 'Tips',
    tipThanks: 'The dealer thanks you for the tip of {amount}',
    placed: 'Bet placed: {spot} {amount}',
    liveResult: '{winner} wins · {p} – {b}',
    tieResult: 'Tie · {p} – {b}',
    fightResult: '{winner} wins',
    drawResult: 'Draw: the fight is void, every bet is returned',
    won: 'Round {no}: you staked {stake} and win {amount}',
    lost: 'Round {no}: you staked {stake}, no win',
    refunded: 'Round {no} was a draw: your bets of {stake} are returned',
    results: 'Results',
    firstResult: 'The first result comes when the bets close.',
    liveRules:
      'Punto Banco, eight decks. Player pays 1:1, Banker 1:1 less 5% commission, Tie 8:1; Player and Banker bets are returned on a tie. Return to player: Banker 98.94%, Player 98.76%, Tie 85.64%.',
    cockfightRules:
      'Bet on Meron or Wala at the odds shown (your stake included). A draw voids the fight and returns every bet. Each side returns 94.6–95.0%.',
    betting_closed: 'Bets are closed for this round: bet in the next one.',
    tip_needs_bet: 'Place a bet in this round before tipping the dealer.',
    fun_unavailable: 'Free play is not offered at this table.',
    spot_invalid: 'This spot is not on the table.',
    game_invalid: 'This table is not known. Open the game again from the lobby.',
  },
  CN: {
    live: '真人百家乐',
    cockfight: '斗鸡',
    round: '第 {no} 局',
    closesIn: '{s} 秒后停止下注',
    dealing: '停止下注：即将开奖',
    player: '闲',
    banker: '庄',
    tie: '和',
    meron: '红方 (Meron)',
    wala: '蓝方 (Wala)',
    draw: '平局',
    shortPlayer: '闲',
    shortBanker: '庄',
    shortTie: '和',
    shortMeron: '红',
    shortWala: '蓝',
    shortDraw: '平',
    odds: '×{odds}',
    yourBets: '本局您的投注',
    noBets: '尚未投注：请先选择投注额，再选择下注区。',
    tip: '打赏荷官',
    tips: '打赏',
    tipThanks: '荷官感谢您打赏 {amount}',
    placed: '已下注：{spot} {amount}',
    liveResult: '{winner}赢 · {p} – {b}',
    tieResult: '和局 · {p} – {b}',
    fightResult: '{winner}胜',
    drawResult: '平局：本场作废，所有投注退回',
    won: '第 {no} 局：您投注 {stake}，赢得 {amount}',
    lost: '第 {no} 局：您投注 {stake}，未中奖',
    refunded: '第 {no} 局为平局：您的投注 {stake} 已退回',
    results: '开奖记录',
    firstResult: '停止下注后公布第一局结果。',
    liveRules:
      '八副牌百家乐。闲 1 赔 1，庄 1 赔 1 抽 5% 佣金，和 1 赔 8；和局时闲、庄投注退回。返还率：庄 98.94%，闲 98.76%，和 85.64%。',
    cockfightRules: '按显示的赔率（含本金）投注红方或蓝方。平局时本场作废，所有投注退回。每方返还率 94.6–95.0%。',
    betting_closed: '本局已停止下注，请在下一局投注。',
    tip_needs_bet: '请先在本局下注，再打赏荷官。',
    fun_unavailable: '此桌不提供免费试玩。',
    spot_invalid: '桌上没有此下注区。',
    game_invalid: '未知的游戏桌，请从大厅重新打开游戏。',
  },
  AR: {
    live: 'باكارات مباشر',
    cockfight: 'مصارعة الديوك',
    round: 'الجولة {no}',
    closesIn: 'تُغلق الرهانات خلال {s} ث',
    dealing: 'أُغلقت الرهانات: النتيجة قادمة',
    player: 'اللاعب',
    banker: 'المصرفي',
    tie: 'تعادل',
    meron: 'ميرون',
    wala: 'والا',
    draw: 'تعادل',
    shortPlayer: 'ل',
    shortBanker: 'م',
    shortTie: 'ت',
    shortMeron: 'مي',
    shortWala: 'وا',
    shortDraw: 'ت',
    odds: '×{odds}',
    yourBets: 'رهاناتك في هذه الجولة',
    noBets: 'لا رهانات بعد: اختر مبلغًا ثم خانة.',
    tip: 'إكرامية للموزّع',
    tips: 'الإكراميات',
    tipThanks: 'يشكرك الموزّع على إكرامية {amount}',
    placed: 'تم الرهان: {spot} {amount}',
    liveResult: 'فاز {winner} · {p} – {b}',
    tieResult: 'تعادل · {p} – {b}',
    fightResult: 'فاز {winner}',
    drawResult: 'تعادل: أُلغي النزال وأُعيدت كل الرهانات',
    won: 'الجولة {no}: راهنت بـ {stake} وربحت {amount}',
    lost: 'الجولة {no}: راهنت بـ {stake} دون ربح',
    refunded: 'الجولة {no} انتهت بالتعادل: أُعيدت رهاناتك البالغة {stake}',
    results: 'النتائج',
    firstResult: 'تظهر النتيجة الأولى عند إغلاق الرهانات.',
    liveRules:
      'بونتو بانكو بثماني مجموعات أوراق. اللاعب يدفع 1:1، المصرفي 1:1 ناقص عمولة 5%، التعادل 8:1؛ تُعاد رهانات اللاعب والمصرفي عند التعادل. نسبة العائد: المصرفي 98.94%، اللاعب 98.76%، التعادل 85.64%.',
    cockfightRules:
      'راهن على ميرون أو والا بالاحتمالات المعروضة (شاملة رهانك). التعادل يلغي النزال ويعيد كل الرهانات. كل جانب يعيد 94.6–95.0%.',
    betting_closed: 'أُغلقت الرهانات في هذه الجولة: راهن في الجولة التالية.',
    tip_needs_bet: 'ضع رهانًا في هذه الجولة قبل إعطاء الإكرامية.',
    fun_unavailable: 'اللعب المجاني غير متاح على هذه الطاولة.',
    spot_invalid: 'هذه الخانة ليست على الطاولة.',
    game_invalid: 'هذه الطاولة غير معروفة. افتح اللعبة مجددًا من الردهة.',
  },
} as const;

const TABLE_STYLE = `
.status{display:flex;justify-content:space-between;gap:8px;flex-wrap:wrap;margin-top:14px;font-weight:600}.bar{height:6px;background:#334155;border-radius:99px;overflow:hidden;margin-top:8px}
.bar i{display:block;height:100%;background:#f59e0b;transition:width .4s linear}.board{min-height:86px;margin:14px 0;display:flex;flex-direction:column;gap:8px;align-items:center;justify-content:center;text-align:center}
.hands{display:flex;gap:14px;justify-content:center;flex-wrap:wrap}.hand{display:flex;gap:4px;align-items:center}.card{width:34px;height:48px;border-radius:6px;background:#f8fafc;color:#0f172a;display:flex;align-items:center;justify-content:center;font-weight:800;font-size:15px}
.card.red{color:#b91c1c}.spots{display:grid;grid-template-columns:repeat(auto-fit,minmax(80px,1fr));gap:10px}.spots button{display:flex;flex-direction:column;gap:4px;align-items:center;padding:14px 8px}
.spots [data-spot=banker],.spots [data-spot=wala]{background:#38bdf8}.spots [data-spot=tie]{background:#4ade80}.spots [data-spot=meron]{background:#f87171}.spots small{color:#1f2937;font-weight:600}
.mine{background:#0f172a;border-radius:12px;padding:10px 12px;margin-top:14px;font-size:14px}.mine ul{margin:6px 0 0;padding-inline-start:18px}.history{display:flex;gap:6px;flex-wrap:wrap;margin-top:10px}
.history span{min-width:28px;height:28px;padding:0 6px;border-radius:99px;display:inline-flex;align-items:center;justify-content:center;font-size:12px;font-weight:700;background:#334155}
.history .player,.history .meron{background:#7f1d1d}.history .banker,.history .wala{background:#1e3a8a}.history .tie,.history .draw{background:#166534}`;

/** The page of one table; the script (/assets/table.js) reads its settings from the data attributes. */
export const tablePage = (input: {
  engine: 'live' | 'cockfight';
  gameCode: string;
  language: Language;
  mode: 'real' | 'fun';
}): string => {
  const t = { ...texts[input.language], ...tableTexts[input.language] };
  const dir = input.language === 'AR' ? 'rtl' : 'ltr';
  const title = input.engine === 'live' ? t.live : t.cockfight;
  const spots =
    input.engine === 'live'
      ? [
          ['player', t.player, '1:1'],
          ['tie', t.tie, '8:1'],
          ['banker', t.banker, '0.95:1'],
        ]
      : [
          ['meron', t.meron, ''],
          ['wala', t.wala, ''],
        ];
  const buttons = spots
    .map(
      ([spot, name, pays]) =>
        `<button data-spot="${spot}" disabled><span>${escapeHtml(name ?? '')}</span><small data-pays>${pays}</small></button>`,
    )
    .join('');
  return `<!doctype html><html lang="${input.language.toLowerCase()}" dir="${dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · ${escapeHtml(t.provider)}</title>
<style>${STYLE}${TABLE_STYLE}</style></head>
<body data-engine="${input.engine}" data-game="${escapeHtml(input.gameCode)}" data-texts="${escapeHtml(JSON.stringify(t))}">
<main><header><h1>${escapeHtml(title)}</h1><small>${escapeHtml(t.provider)} · ${escapeHtml(input.gameCode)}</small></header>
<section class="panel"><div class="row" style="justify-content:space-between;margin-top:0"><span>${t.balance}</span>${input.mode === 'fun' ? `<span class="badge">${t.fun}</span>` : ''}</div>
<div class="balance" data-balance>—</div>
<div class="status"><span data-round></span><span data-countdown></span></div><div class="bar"><i data-bar style="width:0"></i></div>
<div class="board" data-board aria-live="polite"><span class="rules">${escapeHtml(t.firstResult)}</span></div>
<div class="spots">${buttons}</div>
<div class="row"><label>${t.stake} <select data-stake></select></label>${input.engine === 'live' ? `<button class="alt" data-tip disabled>${escapeHtml(t.tip)}</button>` : ''}</div>
<div class="mine" data-mine></div>
<div class="message" data-message role="status"></div>
<div class="history" data-history aria-label="${escapeHtml(t.results)}"></div>
<p class="rules">${escapeHtml(input.engine === 'live' ? t.liveRules : t.cockfightRules)}</p></section></main>
<script src="/assets/table.js"></script></body></html>`;
};

/** The table page's script: follows the shared round, places bets and tips, shows the player's settlement. */
export const TABLE_SCRIPT = `(() => {${SCRIPT_PRELUDE}
  const engine = body.dataset.engine;
  const game = body.dataset.game;
  const fill = (text, values) => text.replace(/\\{(\\w+)\\}/g, (_, k) => String(values[k] ?? ''));
  const money = (amount) => amount + ' ' + session.currency;
  const stakeEl = $('[data-stake]');
  for (const s of ['0.50', '1.00', '2.00', '5.00', '10.00', '20.00', '50.00', '100.00']) { const o = document.createElement('option'); o.value = s; o.textContent = s; stakeEl.append(o); }
  stakeEl.value = '1.00';
  const spots = [...document.querySelectorAll('[data-spot]')];
  const tipButton = $('[data-tip]');
  const name = (spot) => t[spot];
  const short = { player: t.shortPlayer, banker: t.shortBanker, tie: t.shortTie, meron: t.shortMeron, wala: t.shortWala, draw: t.shortDraw };
  const ranks = ['A','2','3','4','5','6','7','8','9','10','J','Q','K'];
  const suits = ['♠','♥','♦','♣'];
  const cards = (list) => list.map((c) => '<span class="card' + (c.suit === 1 || c.suit === 2 ? ' red' : '') + '">' + ranks[c.rank - 1] + suits[c.suit] + '</span>').join('');
  const winnerOf = (result) => engine === 'live' ? result.winner : result;
  const describe = (result) => {
    if (engine === 'live') return result.winner === 'tie' ? fill(t.tieResult, { p: result.playerTotal, b: result.bankerTotal }) : fill(t.liveResult, { winner: name(result.winner), p: result.playerTotal, b: result.bankerTotal });
    return result === 'draw' ? t.drawResult : fill(t.fightResult, { winner: name(result) });
  };
  let busy = false;
  let state = null;
  let shownSettlement = null;
  let shownResult = null;
  const refreshBalance = () => api('/api/session?' + new URLSearchParams(session)).then((a) => (a.error ? failed(a) : show(a.balance)));
  const render = () => {
    const round = state.round;
    $('[data-round]').textContent = fill(t.round, { no: round.no });
    $('[data-countdown]').textContent = round.betting ? fill(t.closesIn, { s: Math.ceil(round.closesInMs / 1000) }) : t.dealing;
    $('[data-bar]').style.width = (round.betting ? Math.round((100 * round.closesInMs) / round.roundMs) : 0) + '%';
    for (const button of spots) {
      button.disabled = busy || !round.betting;
      if (engine === 'cockfight' && round.offer) button.querySelector('[data-pays]').textContent = fill(t.odds, { odds: (round.offer.odds[button.dataset.spot] / 100).toFixed(2) });
    }
    if (tipButton) tipButton.disabled = busy || !state.seat || state.seat.bets.length === 0;
    const seat = state.seat;
    $('[data-mine]').innerHTML = '<strong>' + t.yourBets + '</strong>' + (seat && seat.bets.length
      ? '<ul>' + seat.bets.map((b) => '<li data-my-bet="' + b.spot + '">' + name(b.spot) + ' · ' + money(b.stake) + '</li>').join('') + '</ul>' + (Number(seat.tips) > 0 ? '<div data-my-tips>' + t.tips + ': ' + money(seat.tips) + '</div>' : '')
      : '<div>' + t.noBets + '</div>');
    const last = state.history[0];
    if (last && last.no !== shownResult) {
      shownResult = last.no;
      const result = last.result;
      $('[data-board]').innerHTML = (engine === 'live' ? '<div class="hands"><div class="hand">' + t.player + ' ' + cards(result.player) + '</div><div class="hand">' + t.banker + ' ' + cards(result.banker) + '</div></div>' : '') + '<div data-result="' + winnerOf(result) + '">' + describe(result) + '</div>';
    }
    $('[data-history]').innerHTML = state.history.map((h) => '<span class="' + winnerOf(h.result) + '" title="' + fill(t.round, { no: h.no }) + '">' + short[winnerOf(h.result)] + '</span>').join('');
    const settled = state.settled;
    if (settled && settled.roundId !== shownSettlement) {
      shownSettlement = settled.roundId;
      const values = { no: settled.roundNo, stake: money(settled.stake), amount: money(settled.returned) };
      if (settled.settlementPending) say(t.pending, 'win');
      else if (settled.outcome === 'refund') say(fill(t.refunded, values), 'win');
      else if (settled.outcome === 'win') say(fill(t.won, values), 'win');
      else say(fill(t.lost, values));
      refreshBalance();
    }
  };
  const poll = async () => {
    try {
      state = await api('/api/table/state?' + new URLSearchParams({ engine, game, token: session.token }));
      if (!state.error) render();
    } catch {}
    setTimeout(poll, 500);
  };
  const act = async (path, payload, done) => {
    busy = true;
    if (state) render();
    try {
      const answer = await api(path, { ...session, engine, game, ...payload });
      if (answer.error) return failed(answer);
      show(answer.balance);
      say(done);
    } catch { say(t.error, 'bad'); } finally { busy = false; }
  };
  for (const button of spots) button.addEventListener('click', () => act('/api/table/bet', { spot: button.dataset.spot, stake: stakeEl.value }, fill(t.placed, { spot: name(button.dataset.spot), amount: money(stakeEl.value) })));
  if (tipButton) tipButton.addEventListener('click', () => act('/api/table/tip', { amount: stakeEl.value }, fill(t.tipThanks, { amount: money(stakeEl.value) })));
  poll();
})();`;
