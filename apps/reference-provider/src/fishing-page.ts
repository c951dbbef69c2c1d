import { FISH } from './fishing-maths';
import { escapeHtml, type Language, SCRIPT_PRELUDE, STYLE, texts } from './page';

/**
 * The fishing game's page: the pond's fish with their multipliers, the cannon level, a shot per click or automatic
 * fire while a fish is held down, the catches and the balance. EN, CN and AR; the common texts (balance, wallet
 * refusals) come from src/page.ts.
 */
const fishingTexts = {
  EN: {
    fishing: 'Fishing',
    cannon: 'Cannon',
    howTo: 'Tap a fish to fire one shot at it; hold it down to fire on and on.',
    clownfish: 'Clownfish',
    pufferfish: 'Pufferfish',
    turtle: 'Turtle',
    octopus: 'Octopus',
    shark: 'Shark',
    whale: 'Whale',
    dragon: 'Golden dragon',
    caught: 'Caught a {fish}: ×{multiplier} pays {amount}',
    missed: 'Missed the {fish}',
    shots: 'Shots',
    catches: 'Fish caught',
    staked: 'Fired',
    won: 'Won',
    fish_invalid: 'That fish has swum away',
    fun_unavailable: 'Free play is not offered in this game',
    fishingRules:
      'Each shot costs the cannon level and catches its fish at random; a caught fish pays the shot times its multiplier. Return to player 96% on every fish.',
    tournament: 'Tournament',
    tournamentRules: "Most won in this game during the tournament wins; equal scores share their places' prizes.",
    place: 'Place',
    player: 'Player',
    score: 'Won',
    you: 'you',
    yourPlace: 'Your place: {place} · won {amount}',
    notRanked: 'Catch a fish in this game to join the leaderboard',
    endsAt: 'Ends {time}',
    startsAt: 'Starts {time}',
    ended: 'Ended: the results are being confirmed',
    closed: 'Finished',
    prizes: 'Prizes',
    yourPrize: 'Your prize: {amount}, paid into your balance',
  },
  CN: {
    fishing: '捕鱼',
    cannon: '炮台',
    howTo: '点击一条鱼发射一炮；按住不放则自动连发。',
    clownfish: '小丑鱼',
    pufferfish: '河豚',
    turtle: '海龟',
    octopus: '章鱼',
    shark: '鲨鱼',
    whale: '鲸鱼',
    dragon: '黄金龙',
    caught: '捕获{fish}：×{multiplier}，赢得 {amount}',
    missed: '未击中{fish}',
    shots: '发射',
    catches: '捕获',
    staked: '炮弹',
    won: '赢得',
    fish_invalid: '这条鱼已经游走了',
    fun_unavailable: '本游戏不提供免费试玩',
    fishingRules:
      '每一炮消耗炮台等级的金额，随机捕获目标鱼；捕获的鱼按炮弹金额乘以其倍数赔付。每种鱼的返还率均为 96%。',
    tournament: '锦标赛',
    tournamentRules: '锦标赛期间在本游戏中赢得最多者获胜；分数相同者平分其所占名次的奖金。',
    place: '名次',
    player: '玩家',
    score: '赢得',
    you: '你',
    yourPlace: '你的名次：{place} · 赢得 {amount}',
    notRanked: '在本游戏中捕获一条鱼即可上榜',
    endsAt: '{time} 结束',
    startsAt: '{time} 开始',
    ended: '已结束：正在确认结果',
    closed: '已完赛',
    prizes: '奖金',
    yourPrize: '你的奖金：{amount}，已存入你的余额',
  },
  AR: {
    fishing: 'صيد السمك',
    cannon: 'المدفع',
    howTo: 'انقر على سمكة لتطلق عليها طلقة واحدة؛ اضغط مطولًا لتواصل الإطلاق.',
    clownfish: 'سمكة المهرج',
    pufferfish: 'السمكة المنتفخة',
    turtle: 'السلحفاة',
    octopus: 'الأخطبوط',
    shark: 'القرش',
    whale: 'الحوت',
    dragon: 'التنين الذهبي',
    caught: 'اصطدت {fish}: ×{multiplier} يدفع {amount}',
    missed: 'أخطأت {fish}',
    shots: 'الطلقات',
    catches: 'الأسماك المصطادة',
    staked: 'المُطلق',
    won: 'الربح',
    fish_invalid: 'سبحت هذه السمكة بعيدًا',
    fun_unavailable: 'اللعب المجاني غير متاح في هذه اللعبة',
    fishingRules:
      'كل طلقة تكلّف مستوى المدفع وتصطاد سمكتها عشوائيًا؛ السمكة المصطادة تدفع الطلقة مضروبة في مضاعفها. العائد للاعب 96% على كل سمكة.',
    tournament: 'البطولة',
    tournamentRules: 'يفوز صاحب أكبر ربح في هذه اللعبة خلال البطولة؛ النتائج المتساوية تتقاسم جوائز مراكزها.',
    place: 'المركز',
    player: 'اللاعب',
    score: 'الربح',
    you: 'أنت',
    yourPlace: 'مركزك: {place} · ربحت {amount}',
    notRanked: 'اصطد سمكة في هذه اللعبة لتدخل لوحة المتصدرين',
    endsAt: 'تنتهي {time}',
    startsAt: 'تبدأ {time}',
    ended: 'انتهت: يجري تأكيد النتائج',
    closed: 'انتهت البطولة',
    prizes: 'الجوائز',
    yourPrize: 'جائزتك: {amount}، أُضيفت إلى رصيدك',
  },
} as const;

/** Each fish's colour and size on the page. */
const LOOKS: Record<string, [string, number]> = {
  clownfish: ['#fb923c', 34],
  pufferfish: ['#facc15', 38],
  turtle: ['#4ade80', 44],
  octopus: ['#c084fc', 46],
  shark: ['#94a3b8', 54],
  whale: ['#38bdf8', 60],
  dragon: ['#f59e0b', 64],
};

const FISHING_STYLE = `
.pond{margin-top:14px;border-radius:14px;padding:10px;background:linear-gradient(#0e7490,#164e63);display:grid;grid-template-columns:repeat(auto-fill,minmax(96px,1fr));gap:8px}
.pond button{background:#0c4a6e88;color:#e0f2fe;display:flex;flex-direction:column;align-items:center;gap:4px;padding:10px 4px;min-height:104px;justify-content:flex-end;touch-action:none;user-select:none;-webkit-user-select:none}
.pond button.firing{outline:3px solid #fbbf24}.pond button.hit{background:#15803dcc}
.fish{position:relative;display:block;height:calc(var(--s)*.55);width:var(--s);animation:swim 2.4s ease-in-out infinite alternate}
.fish::before{content:"";position:absolute;inset:0 22% 0 0;border-radius:50%;background:var(--c)}
.fish::after{content:"";position:absolute;right:0;top:15%;border-style:solid;border-width:calc(var(--s)*.2) calc(var(--s)*.26) calc(var(--s)*.2) 0;border-color:transparent var(--c) transparent transparent}
[dir=rtl] .fish{transform:scaleX(-1)}@keyframes swim{to{translate:6px -3px}}
.pond small{color:#fde68a;font-weight:700}.pond span{font-size:13px;text-align:center}
.levels{display:flex;gap:6px;flex-wrap:wrap}.levels button{padding:8px 10px;background:#334155;color:#e2e8f0}.levels button[aria-pressed=true]{background:#f59e0b;color:#1f2937}
.stats{display:grid;grid-template-columns:repeat(4,1fr);gap:6px;margin-top:12px;text-align:center}.stats div{background:#0f172a;border-radius:10px;padding:6px}.stats b{display:block;font-variant-numeric:tabular-nums}
.tournament h2{font-size:16px;margin:0 0 4px}.tournament table{width:100%;border-collapse:collapse;font-size:13px;margin-top:8px}.tournament th,.tournament td{padding:4px 6px;text-align:start;border-bottom:1px solid #334155}.tournament tr.you td{color:#fbbf24;font-weight:700}
.log{list-style:none;margin:10px 0 0;padding:0;font-size:13px;color:#cbd5e1;max-height:120px;overflow:auto}.log li.win{color:#4ade80}
@media (max-width:420px){main{padding:10px}.pond{grid-template-columns:repeat(3,1fr)}.stats{grid-template-columns:repeat(2,1fr)}}`;

export const fishingPage = (input: { gameCode: string; language: Language; mode: 'real' | 'fun' }): string => {
  const t = { ...texts[input.language], ...fishingTexts[input.language] };
  const dir = input.language === 'AR' ? 'rtl' : 'ltr';
  const fish = FISH.map(({ kind, multiplier }) => {
    const [colour, size] = LOOKS[kind] ?? ['#fff', 40];
    return `<button data-fish="${kind}" aria-label="${escapeHtml(t[kind])} ×${multiplier}"><i class="fish" style="--c:${colour};--s:${size}px"></i><span>${escapeHtml(t[kind])}</span><small>×${multiplier}</small></button>`;
  }).join('');
  const stat = (key: 'shots' | 'catches' | 'staked' | 'won') =>
    `<div><small>${escapeHtml(t[key])}</small><b data-stat="${key}">${key === 'staked' || key === 'won' ? '0.00' : '0'}</b></div>`;
  return `<!doctype html><html lang="${input.language.toLowerCase()}" dir="${dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(t.fishing)} · ${escapeHtml(t.provider)}</title>
<style>${STYLE}${FISHING_STYLE}</style></head>
<body data-mode="${input.mode}" data-game="${escapeHtml(input.gameCode)}" data-lang="${input.language}" data-texts="${escapeHtml(JSON.stringify(t))}">
<main><header><h1>${escapeHtml(t.fishing)}</h1><small>${escapeHtml(t.provider)} · ${escapeHtml(input.gameCode)}</small></header>
<section class="panel"><div class="row" style="justify-content:space-between;margin-top:0"><span>${t.balance}</span></div>
<div class="balance" data-balance>—</div>
<div class="row"><span>${escapeHtml(t.cannon)}</span><div class="levels" data-levels></div></div>
<div class="pond" data-pond>${fish}</div>
<p class="rules">${escapeHtml(t.howTo)}</p>
<div class="stats">${stat('shots')}${stat('catches')}${stat('staked')}${stat('won')}</div>
<div class="message" data-message role="status"></div>
<ul class="log" data-log></ul>
<p class="rules">${escapeHtml(t.fishingRules)}</p></section>
<div data-tournaments></div></main>
<script src="/assets/fishing.js"></script></body></html>`;
};

/**
 * The page's script: fires shots one after another (never two at once), a click one shot, a held fish one every
 * AUTO_FIRE_MS until released or refused; shows each shot's result, the totals and the balance.
 */
export const FISHING_SCRIPT = `(() => {${SCRIPT_PRELUDE}
  const AUTO_FIRE_MS = 200;
  const levels = ['0.10', '0.20', '0.50', '1.00', '2.00', '5.00'];
  const fill = (text, values) => text.replace(/\\{(\\w+)\\}/g, (_, k) => String(values[k] ?? ''));
  const money = (amount) => amount + ' ' + session.currency;
  let cannon = '1.00';
  const levelsEl = $('[data-levels]');
  for (const level of levels) {
    const b = document.createElement('button');
    b.textContent = level; b.dataset.level = level; b.setAttribute('aria-pressed', String(level === cannon));
    b.addEventListener('click', () => { cannon = level; for (const o of levelsEl.children) o.setAttribute('aria-pressed', String(o === b)); });
    levelsEl.append(b);
  }
  const totals = { shots: 0, catches: 0, staked: 0, won: 0 };
  const cents = (amount) => Math.round(Number(amount) * 100);
  const showTotals = () => {
    $('[data-stat="shots"]').textContent = totals.shots;
    $('[data-stat="catches"]').textContent = totals.catches;
    $('[data-stat="staked"]').textContent = (totals.staked / 100).toFixed(2);
    $('[data-stat="won"]').textContent = (totals.won / 100).toFixed(2);
  };
  const log = $('[data-log]');
  const note = (text, kind) => {
    const li = document.createElement('li'); li.textContent = text; if (kind) li.className = kind;
    log.prepend(li); while (log.children.length > 30) log.lastChild.remove();
  };
  let busy = false;
  let held = null;
  const fire = async (button) => {
    if (busy) return false;
    busy = true;
    try {
      const fish = button.dataset.fish;
      const answer = await api('/api/fishing/shot', { ...session, game: body.dataset.game, cannon, fish });
      if (answer.error) { failed(answer); return false; }
      totals.shots += 1; totals.staked += cents(answer.stake); totals.won += cents(answer.win);
      if (answer.outcome.caught) {
        totals.catches += 1;
        const text = fill(t.caught, { fish: t[fish], multiplier: answer.outcome.multiplier, amount: money(answer.win) });
        note('#' + totals.shots + ' · ' + money(answer.stake) + ' · ' + text, 'win'); say(text, 'win');
        button.classList.add('hit'); setTimeout(() => button.classList.remove('hit'), 250);
      } else { const text = fill(t.missed, { fish: t[fish] }); note('#' + totals.shots + ' · ' + money(answer.stake) + ' · ' + text); say(text); }
      show(answer.balance);
      if (answer.settlementPending) say(t.pending, 'win');
      showTotals();
      tournamentsSoon();
      return true;
    } catch { say(t.error, 'bad'); return false; } finally { busy = false; }
  };
  // The game's tournaments (decision 0167): each with its leaders, the player's place and, once paid, the prize.
  const locale = { EN: 'en', CN: 'zh-CN', AR: 'ar' }[body.dataset.lang] || 'en';
  const when = (iso) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const el = (tag, text, cls) => { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; };
  const drawTournament = (tn) => {
    const panel = el('section', undefined, 'panel tournament'); panel.dataset.tournament = tn.id; panel.dataset.status = tn.status;
    panel.append(el('h2', t.tournament + ' · ' + tn.name));
    const state = tn.status === 'running' ? fill(t.endsAt, { time: when(tn.endsAt) }) : tn.status === 'upcoming' ? fill(t.startsAt, { time: when(tn.startsAt) }) : tn.status === 'ended' ? t.ended : t.closed;
    panel.append(el('small', state));
    panel.append(el('p', t.prizes + ': ' + tn.prizes.map((p, i) => '#' + (i + 1) + ' ' + money(p)).join(' · '), 'rules'));
    const table = el('table'); const head = el('tr');
    for (const h of [t.place, t.player, t.score]) head.append(el('th', h));
    table.append(head);
    for (const row of tn.leaders) {
      const tr = el('tr', undefined, tn.you && tn.you.player === row.player ? 'you' : '');
      tr.append(el('td', String(row.place)), el('td', row.player + (tn.you && tn.you.player === row.player ? ' (' + t.you + ')' : '')), el('td', money(row.score)));
      table.append(tr);
    }
    if (tn.leaders.length) panel.append(table);
    const you = el('p', tn.you ? fill(t.yourPlace, { place: tn.you.place, amount: money(tn.you.score) }) : t.notRanked, 'message'); you.dataset.you = '';
    panel.append(you);
    if (tn.you && tn.you.prize) { const prize = el('p', fill(t.yourPrize, { amount: money(tn.you.prize) }), 'message win'); prize.dataset.prize = ''; panel.append(prize); }
    panel.append(el('p', t.tournamentRules, 'rules'));
    return panel;
  };
  let prizesSeen = '';
  const loadTournaments = async () => {
    try {
      const answer = await api('/api/tournaments?' + new URLSearchParams({ game: body.dataset.game, token: session.token }));
      if (!answer.tournaments) return;
      $('[data-tournaments]').replaceChildren(...answer.tournaments.slice(0, 3).map(drawTournament));
      // A prize newly paid has moved the balance: read it again.
      const paid = answer.tournaments.filter((tn) => tn.you && tn.you.prize).map((tn) => tn.id).join();
      if (paid && paid !== prizesSeen && session.mode === 'real') {
        prizesSeen = paid;
        const now = await api('/api/session?' + new URLSearchParams(session));
        if (!now.error) show(now.balance);
      }
    } catch {}
  };
  let soon = null;
  const tournamentsSoon = () => { if (!soon) soon = setTimeout(() => { soon = null; loadTournaments(); }, 1000); };
  loadTournaments();
  setInterval(loadTournaments, 15000);
  const stop = () => { if (held) held.classList.remove('firing'); held = null; };
  const hold = async (button) => {
    held = button; button.classList.add('firing');
    while (held === button) {
      const started = Date.now();
      if (!(await fire(button))) break;
      await new Promise((r) => setTimeout(r, Math.max(0, AUTO_FIRE_MS - (Date.now() - started))));
    }
    if (held === button) stop();
  };
  for (const button of document.querySelectorAll('[data-fish]')) {
    button.addEventListener('pointerdown', (e) => { e.preventDefault(); if (!held) hold(button); });
    for (const end of ['pointerup', 'pointerleave', 'pointercancel']) button.addEventListener(end, stop);
    // A keyboard press (no pointer) fires one shot.
    button.addEventListener('click', (e) => { if (e.detail === 0) fire(button); });
    button.addEventListener('contextmenu', (e) => e.preventDefault());
  }
})();`;
