import { type GameCategory, lotteryVendors } from '@tessera/contracts';
import type { NameMap, VendorLaunchKind } from './games.schema';

/**
 * The demo catalogue seeded on first start (docs/decisions/0016-game-catalogue-and-artwork.md): the vendors of
 * spec section 9's logo sets plus the esports, cockfight, lottery and in-house vendors, and about 1,580 games
 * with names in English, Chinese and Arabic. Deterministic: the same list on every machine, so seeding twice
 * adds nothing and the ids (nodeIds) are stable.
 */

export interface DemoVendor {
  code: string;
  displayName: string;
  launchKind: VendorLaunchKind;
  palette: number;
}

export interface DemoClassification {
  gameType: GameCategory;
  key: string;
  names: NameMap;
}

export interface DemoGame {
  vendorCode: string;
  gameType: GameCategory;
  classify: string | null;
  gameCode: string;
  names: NameMap;
  supportPlay: 0 | 1;
  accountTypeName: string;
  isHot: boolean;
  artworkVariant: number;
  engine: string;
}

/** A small seeded generator (mulberry32): the catalogue is the same on every machine. */
const seeded = (seedText: string) => {
  let seed = 0;
  for (const char of seedText) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const vendorSets: Record<string, readonly string[]> = {
  FISH: ['AG', 'BBIN', 'CQ9', 'GG', 'PT', 'RTG'],
  LIVE: ['AG', 'BBIN', 'BG', 'DG', 'EA', 'LOTUS', 'OG', 'PT', 'TGP'],
  PVP: ['KX', 'KY', 'TH', 'WS', 'XY'],
  RNG: ['AE', 'AG', 'CQ9', 'GG', 'ISB', 'MG', 'MGS', 'PNG', 'PT', 'RTG', 'TTG', 'WD'],
  SPORTS: ['IBC', 'SBT', 'UG'],
  ESPORTS: ['IMES', 'TF', 'IA'],
  COCKFIGHT: ['SV3'],
  LOTT: ['LOTT'],
  ELOTT: ['ELOTT', 'TCG_LOTTO_VN', 'TCG_SEA'],
};

export const IN_HOUSE_VENDOR = 'TESSERA';

/** The provider the demo catalogue's outside games launch into: the reference provider (apps/reference-provider). */
export const DEMO_PROVIDER_CODE = 'DEMO';

/** Display names where the provider code is not one (the others show their code). */
const vendorDisplayNames: Readonly<Record<string, string>> = {
  TCG_LOTTO_VN: 'TCG VN Lotto',
  TCG_SEA: 'TCG SEA Lottery',
};

export const demoVendors = (): DemoVendor[] => {
  const codes = [...new Set(Object.values(vendorSets).flat())];
  return [
    { code: IN_HOUSE_VENDOR, displayName: 'Tessera Originals', launchKind: 'inhouse', palette: 0 },
    ...codes.map((code, index) => ({
      code,
      displayName: vendorDisplayNames[code] ?? code,
      // The lottery vendors (contracts' table) launch from their lottery page, the rest through /seamless.
      launchKind: (code in lotteryVendors ? 'lottery' : 'seamless') as VendorLaunchKind,
      palette: (index % 11) + 1,
    })),
  ];
};

const names = (EN: string, CN: string, AR: string): NameMap => ({ EN, CN, AR });

export const demoClassifications = (): DemoClassification[] => [
  { gameType: 'RNG', key: 'SL', names: names('Slots', '老虎机', 'ماكينات السلوت') },
  { gameType: 'RNG', key: 'JP', names: names('Jackpot', '奖池', 'الجائزة الكبرى') },
  { gameType: 'RNG', key: 'TG', names: names('Table Games', '桌面游戏', 'ألعاب الطاولة') },
  { gameType: 'RNG', key: 'VP', names: names('Video Poker', '视频扑克', 'فيديو بوكر') },
  { gameType: 'RNG', key: 'SC', names: names('Scratch Cards', '刮刮乐', 'بطاقات الخدش') },
  { gameType: 'RNG', key: 'AC', names: names('Arcade', '街机游戏', 'ألعاب الأركيد') },
  { gameType: 'RNG', key: 'BG', names: names('Bingo', '宾果', 'بينغو') },
  { gameType: 'LIVE', key: 'baccarat', names: names('Baccarat', '百家乐', 'باكارات') },
  { gameType: 'LIVE', key: 'roulette', names: names('Roulette', '轮盘', 'روليت') },
  { gameType: 'LIVE', key: 'sicbo', names: names('Sic Bo', '骰宝', 'سيك بو') },
  { gameType: 'LIVE', key: 'dragon_tiger', names: names('Dragon Tiger', '龙虎', 'التنين والنمر') },
  { gameType: 'LIVE', key: 'blackjack', names: names('Blackjack', '二十一点', 'بلاك جاك') },
  { gameType: 'LIVE', key: 'niuniu', names: names('Niu Niu', '牛牛', 'نيو نيو') },
  { gameType: 'LIVE', key: 'fantan', names: names('Fan Tan', '番摊', 'فان تان') },
  { gameType: 'LOTT', key: 'lotto', names: names('Lotto', '乐透', 'لوتو') },
  { gameType: 'LOTT', key: 'fast', names: names('Fast Draws', '快开', 'سحوبات سريعة') },
  { gameType: 'ELOTT', key: 'keno', names: names('Keno', '基诺', 'كينو') },
  { gameType: 'ELOTT', key: 'racing', names: names('Racing', '赛车', 'سباقات') },
  { gameType: 'ELOTT', key: 'vn_lotto', names: names('Vietnam Lotto', '越南彩', 'لوتو فيتنام') },
  { gameType: 'ELOTT', key: 'sea_lotto', names: names('South-East Asia Lotto', '东南亚彩', 'لوتو جنوب شرق آسيا') },
];

/** Word pairs for slot names, in the three languages the demo ships. */
const adjectives: [string, string, string][] = [
  ['Lucky', '幸运', 'المحظوظ'],
  ['Golden', '黄金', 'الذهبي'],
  ['Wild', '狂野', 'البري'],
  ['Mighty', '强大', 'الجبار'],
  ['Royal', '皇家', 'الملكي'],
  ['Mystic', '神秘', 'الغامض'],
  ['Fortune', '财富', 'الثروة'],
  ['Jade', '翡翠', 'اليشم'],
  ['Crimson', '赤红', 'القرمزي'],
  ['Silver', '白银', 'الفضي'],
  ['Thunder', '雷霆', 'الرعد'],
  ['Dragon', '神龙', 'التنين'],
  ['Emerald', '祖母绿', 'الزمردي'],
  ['Sapphire', '蓝宝石', 'الياقوتي'],
  ['Blazing', '烈焰', 'المتوهج'],
  ['Frozen', '冰封', 'المتجمد'],
  ['Ancient', '远古', 'القديم'],
  ['Cosmic', '宇宙', 'الكوني'],
  ['Sacred', '神圣', 'المقدس'],
  ['Hidden', '隐藏', 'الخفي'],
  ['Rising', '崛起', 'الصاعد'],
  ['Midnight', '午夜', 'منتصف الليل'],
  ['Sunny', '阳光', 'المشمس'],
  ['Happy', '快乐', 'السعيد'],
  ['Eternal', '永恒', 'الأبدي'],
  ['Shining', '闪耀', 'اللامع'],
  ['Secret', '秘密', 'السري'],
  ['Great', '伟大', 'العظيم'],
  ['Little', '小小', 'الصغير'],
  ['Magic', '魔法', 'السحري'],
  ['Super', '超级', 'الخارق'],
  ['Mega', '巨型', 'الضخم'],
  ['Diamond', '钻石', 'الماسي'],
  ['Neon', '霓虹', 'النيون'],
  ['Pirate', '海盗', 'القرصان'],
  ['Jungle', '丛林', 'الأدغال'],
  ['Ocean', '海洋', 'المحيط'],
  ['Desert', '沙漠', 'الصحراء'],
  ['Lunar', '月光', 'القمري'],
  ['Solar', '太阳', 'الشمسي'],
];
const nouns: [string, string, string][] = [
  ['Tiger', '老虎', 'نمر'],
  ['Phoenix', '凤凰', 'عنقاء'],
  ['Koi', '锦鲤', 'سمكة كوي'],
  ['Panda', '熊猫', 'باندا'],
  ['Empire', '帝国', 'إمبراطورية'],
  ['Treasure', '宝藏', 'كنز'],
  ['Temple', '神殿', 'معبد'],
  ['Fruits', '水果', 'فواكه'],
  ['Gems', '宝石', 'جواهر'],
  ['Wolf', '狼', 'ذئب'],
  ['Lion', '狮子', 'أسد'],
  ['Eagle', '雄鹰', 'نسر'],
  ['Queen', '女王', 'ملكة'],
  ['King', '国王', 'ملك'],
  ['Knight', '骑士', 'فارس'],
  ['Wizard', '巫师', 'ساحر'],
  ['Festival', '节日', 'مهرجان'],
  ['Lantern', '灯笼', 'فانوس'],
  ['Bamboo', '竹林', 'خيزران'],
  ['Pearl', '珍珠', 'لؤلؤة'],
  ['Coins', '金币', 'عملات'],
  ['Bells', '铃铛', 'أجراس'],
  ['Stars', '星辰', 'نجوم'],
  ['Rivers', '河流', 'أنهار'],
  ['Mountain', '高山', 'جبل'],
  ['Garden', '花园', 'حديقة'],
  ['Palace', '宫殿', 'قصر'],
  ['Voyage', '航行', 'رحلة'],
  ['Quest', '探险', 'مغامرة'],
  ['Legend', '传奇', 'أسطورة'],
  ['Riches', '财宝', 'ثروات'],
  ['Spins', '旋转', 'دورات'],
  ['Horses', '骏马', 'خيول'],
  ['Rhino', '犀牛', 'وحيد القرن'],
  ['Buffalo', '水牛', 'جاموس'],
  ['Monkey', '猴王', 'قرد'],
  ['Cat', '招财猫', 'قطة'],
  ['Ship', '宝船', 'سفينة'],
  ['Mask', '面具', 'قناع'],
  ['Crown', '皇冠', 'تاج'],
  ['Shrine', '神社', 'مزار'],
  ['Orchid', '兰花', 'أوركيد'],
  ['Volcano', '火山', 'بركان'],
  ['Carnival', '嘉年华', 'كرنفال'],
  ['Safari', '狩猎', 'سفاري'],
];

/** Suffixes that tell the non-slot RNG classifications apart. */
const classifySuffix: Record<string, [string, string, string]> = {
  JP: ['Jackpot', '奖池', 'الجائزة الكبرى'],
  TG: ['Blackjack', '二十一点', 'بلاك جاك'],
  VP: ['Poker', '扑克', 'بوكر'],
  SC: ['Scratch', '刮刮乐', 'خدش'],
  AC: ['Arcade', '街机', 'أركيد'],
  BG: ['Bingo', '宾果', 'بينغو'],
};

const rngClassifyCycle = ['SL', 'SL', 'SL', 'SL', 'SL', 'JP', 'SL', 'TG', 'SL', 'VP', 'SL', 'SC', 'AC', 'SL', 'BG'];

/** The table-style games the reference provider's dice table stands in for; the rest run its slot. */
const diceClassifications = new Set(['TG', 'VP']);

const RNG_PER_VENDOR = 90;

const rngGames = (vendor: string, offset: number, random: () => number): DemoGame[] => {
  const list: DemoGame[] = [];
  for (let i = 0; i < RNG_PER_VENDOR; i++) {
    // A different adjective × noun pair for every game of every vendor (40 × 45 pairs, 1,080 used).
    const pair = offset * RNG_PER_VENDOR + i;
    const adjective = adjectives[pair % adjectives.length] as [string, string, string];
    const noun = nouns[(pair * 7 + Math.floor(pair / adjectives.length)) % nouns.length] as [string, string, string];
    const classify = rngClassifyCycle[(i + offset) % rngClassifyCycle.length] as string;
    const suffix = classifySuffix[classify];
    const name = (index: 0 | 1 | 2, joiner: string) =>
      [adjective[index], noun[index], suffix?.[index]].filter(Boolean).join(joiner);
    list.push({
      vendorCode: vendor,
      gameType: 'RNG',
      classify,
      gameCode: `${vendor}-S${String(i + 1).padStart(3, '0')}`,
      names: { EN: name(0, ' '), CN: name(1, ''), AR: name(2, ' ') },
      supportPlay: random() < 0.75 ? 0 : 1,
      accountTypeName: vendor,
      isHot: random() < 0.04,
      artworkVariant: Math.floor(random() * 8),
      engine: diceClassifications.has(classify) ? 'dice' : 'slot',
    });
  }
  return list;
};

const liveTables: Record<string, [string, string, string]> = {
  baccarat: ['Baccarat', '百家乐', 'باكارات'],
  roulette: ['Roulette', '轮盘', 'روليت'],
  sicbo: ['Sic Bo', '骰宝', 'سيك بو'],
  dragon_tiger: ['Dragon Tiger', '龙虎', 'التنين والنمر'],
  blackjack: ['Blackjack', '二十一点', 'بلاك جاك'],
  niuniu: ['Niu Niu', '牛牛', 'نيو نيو'],
  fantan: ['Fan Tan', '番摊', 'فان تان'],
};
const liveStyles: [string, string, string][] = [
  ['Classic', '经典', 'كلاسيك'],
  ['Speed', '极速', 'سريع'],
  ['VIP', '贵宾', 'كبار الشخصيات'],
];

const fishNames: [string, string, string][] = [
  ['Ocean King', '海洋之王', 'ملك المحيط'],
  ['Fishing Joy', '捕鱼乐', 'متعة الصيد'],
  ['Deep Sea Hunter', '深海猎人', 'صياد أعماق البحار'],
  ['Golden Shark', '黄金鲨', 'القرش الذهبي'],
  ['Mermaid Fishing', '美人鱼捕鱼', 'صيد حورية البحر'],
  ['Dragon Fishing', '龙王捕鱼', 'صيد التنين'],
  ['Coral Reef', '珊瑚礁', 'الشعاب المرجانية'],
  ['Fishing War', '捕鱼大战', 'حرب الصيد'],
  ['Lucky Fishing', '幸运捕鱼', 'الصيد المحظوظ'],
  ['Treasure Bay', '宝藏海湾', 'خليج الكنز'],
  ['Kraken Hunt', '海怪狩猎', 'صيد الكراكن'],
  ['Tidal Fortune', '潮汐财富', 'ثروة المد'],
];

const pvpNames: [string, string, string][] = [
  ["Texas Hold'em", '德州扑克', 'تكساس هولدم'],
  ['Niu Niu', '抢庄牛牛', 'نيو نيو'],
  ['Zha Jin Hua', '炸金花', 'تشا جين هوا'],
  ['Dou Di Zhu', '斗地主', 'دو دي تشو'],
  ['Rummy', '拉米', 'رامي'],
  ['Mahjong', '麻将', 'ماجونغ'],
  ['Blackjack Duel', '二十一点对决', 'مبارزة بلاك جاك'],
  ['Sam Gong', '三公', 'سام غونغ'],
  ['Pai Gow', '牌九', 'باي غاو'],
  ['Thirteen Cards', '十三水', 'ثلاث عشرة ورقة'],
  ['Run Fast', '跑得快', 'الجري السريع'],
  ['Baccarat Duel', '百家乐对决', 'مبارزة باكارات'],
];
const pvpTiers: [string, string, string][] = [
  ['', '', ''],
  ['Classic', '经典', 'كلاسيك'],
];

const sportsNames: [string, string, string][] = [
  ['Sportsbook', '体育投注', 'المراهنات الرياضية'],
  ['Live Betting', '滚球投注', 'المراهنة المباشرة'],
  ['Virtual Football', '虚拟足球', 'كرة القدم الافتراضية'],
  ['Virtual Basketball', '虚拟篮球', 'كرة السلة الافتراضية'],
  ['Virtual Tennis', '虚拟网球', 'التنس الافتراضي'],
  ['Virtual Horse Racing', '虚拟赛马', 'سباق الخيل الافتراضي'],
  ['Virtual Cricket', '虚拟板球', 'الكريكيت الافتراضي'],
  ['Outright Markets', '冠军投注', 'أسواق البطولات'],
];
const esportsNames: [string, string, string][] = [
  ['Esports Arena', '电竞竞技场', 'ساحة الرياضات الإلكترونية'],
  ['MOBA Championship', 'MOBA 锦标赛', 'بطولة موبا'],
  ['Tactical Shooter League', '战术射击联赛', 'دوري ألعاب التصويب'],
  ['Battle Royale Cup', '大逃杀杯', 'كأس باتل رويال'],
  ['Racing Sim Series', '模拟赛车系列赛', 'سلسلة سباقات المحاكاة'],
  ['Esports Live', '电竞直播投注', 'الرياضات الإلكترونية مباشر'],
];
const cockfightNames: [string, string, string][] = [
  ['Cockfight Arena', '斗鸡竞技场', 'ساحة صراع الديوك'],
  ['Cockfight Live', '斗鸡直播', 'صراع الديوك مباشر'],
  ['Derby Nights', '德比之夜', 'ليالي الديربي'],
  ['Champion Pit', '冠军斗场', 'حلبة الأبطال'],
  ['Rooster Cup', '金鸡杯', 'كأس الديك'],
  ['Sabong Classic', '经典斗鸡', 'سابونغ كلاسيك'],
];

const lottNames: [string, string, string, string][] = [
  ['lotto', 'Lotto 6/45', '乐透 6/45', 'لوتو 6/45'],
  ['lotto', 'Lotto 5/36', '乐透 5/36', 'لوتو 5/36'],
  ['lotto', 'Mega Lotto', '超级乐透', 'ميغا لوتو'],
  ['lotto', 'Power Lotto', '威力乐透', 'باور لوتو'],
  ['lotto', 'Daily Four', '每日四码', 'الأربعة اليومية'],
  ['fast', 'Fast Three', '快三', 'السريع ثلاثة'],
  ['fast', 'Lucky Ten', '幸运十', 'العشرة المحظوظة'],
  ['fast', 'Speed Five', '极速五', 'الخمسة السريعة'],
  ['fast', 'Minute Draw', '分分彩', 'سحب الدقيقة'],
  ['fast', 'Hourly Draw', '时时彩', 'سحب الساعة'],
];
const elottNames: [string, string, string, string][] = [
  ['keno', 'Keno 80', '基诺 80', 'كينو 80'],
  ['keno', 'Express Keno', '快速基诺', 'كينو إكسبرس'],
  ['keno', 'Lucky Keno', '幸运基诺', 'كينو المحظوظ'],
  ['keno', 'Keno Deluxe', '豪华基诺', 'كينو ديلوكس'],
  ['keno', 'Keno Rush', '急速基诺', 'كينو راش'],
  ['racing', 'Speed Racing', '极速赛车', 'سباق السرعة'],
  ['racing', 'Lucky Airship', '幸运飞艇', 'المنطاد المحظوظ'],
  ['racing', 'Horse Derby', '赛马德比', 'ديربي الخيول'],
  ['racing', 'Greyhound Dash', '灵缇冲刺', 'عدو السلوقي'],
  ['racing', 'Kart Cup', '卡丁车杯', 'كأس الكارت'],
];
/** The Vietnamese lotto's draws (TCG_LOTTO_VN, /vnLottery) and the South-East Asian lotteries (TCG_SEA, /seaLottery). */
const vnLottoNames: [string, string, string][] = [
  ['Northern Lotto', '北部彩', 'لوتو الشمال'],
  ['Central Lotto', '中部彩', 'لوتو الوسط'],
  ['Southern Lotto', '南部彩', 'لوتو الجنوب'],
  ['Hanoi Express', '河内快彩', 'هانوي السريع'],
  ['Saigon Express', '西贡快彩', 'سايغون السريع'],
];
const seaLottoNames: [string, string, string][] = [
  ['Thai Lotto', '泰国彩', 'لوتو تايلاند'],
  ['Malaysia 4D', '马来西亚 4D', 'ماليزيا 4D'],
  ['Singapore 4D', '新加坡 4D', 'سنغافورة 4D'],
  ['Laos Lotto', '老挝彩', 'لوتو لاوس'],
  ['Jakarta Lotto', '雅加达彩', 'لوتو جاكرتا'],
];
const regions: [string, string, string][] = [
  ['', '', ''],
  ['Asia', '亚洲', 'آسيا'],
  ['Europe', '欧洲', 'أوروبا'],
];

const inHouseGames: [string, string, string, string][] = [
  ['crash', 'Crash', '崩溃', 'كراش'],
  ['dice', 'Dice', '骰子', 'النرد'],
  ['limbo', 'Limbo', '林波', 'ليمبو'],
  ['mines', 'Mines', '扫雷', 'الألغام'],
  ['plinko', 'Plinko', '弹珠', 'بلينكو'],
  ['keno', 'Keno', '基诺', 'كينو'],
  ['slot', 'Tessera Reels', '泰瑟拉转轴', 'بكرات تيسيرا'],
];

const join = (parts: string[], joiner: string) => parts.filter(Boolean).join(joiner);

/** Every demo game, in catalogue order. */
export const demoGames = (): DemoGame[] => {
  const random = seeded('tessera-demo-catalogue');
  const list: DemoGame[] = [];
  const add = (game: Omit<DemoGame, 'isHot' | 'artworkVariant' | 'accountTypeName'> & { hot?: number }) => {
    const { hot = 0.05, ...rest } = game;
    list.push({
      ...rest,
      accountTypeName: rest.vendorCode,
      isHot: random() < hot,
      artworkVariant: Math.floor(random() * 8),
    });
  };

  for (const [code, EN, CN, AR] of inHouseGames) {
    list.push({
      vendorCode: IN_HOUSE_VENDOR,
      gameType: 'INHOUSE',
      classify: null,
      gameCode: code,
      names: { EN, CN, AR },
      supportPlay: 1,
      accountTypeName: IN_HOUSE_VENDOR,
      isHot: code === 'crash' || code === 'plinko',
      artworkVariant: list.length % 8,
      engine: code,
    });
  }
  (vendorSets.RNG ?? []).forEach((vendor, offset) => {
    list.push(...rngGames(vendor, offset, random));
  });
  for (const vendor of vendorSets.LIVE ?? []) {
    let n = 0;
    for (const [key, table] of Object.entries(liveTables)) {
      for (const style of liveStyles) {
        n += 1;
        add({
          vendorCode: vendor,
          gameType: 'LIVE',
          classify: key,
          gameCode: `${vendor}-L${String(n).padStart(3, '0')}`,
          names: {
            EN: join([style[0], table[0]], ' '),
            CN: join([style[1], table[1]], ''),
            AR: join([table[2], style[2]], ' '),
          },
          supportPlay: 1,
          // The reference provider's live baccarat table (shared rounds, several bets and a tip a round).
          engine: 'live',
        });
      }
    }
  }
  for (const vendor of vendorSets.FISH ?? []) {
    fishNames.forEach(([EN, CN, AR], index) => {
      add({
        vendorCode: vendor,
        gameType: 'FISH',
        classify: null,
        gameCode: `${vendor}-F${String(index + 1).padStart(3, '0')}`,
        names: { EN, CN, AR },
        supportPlay: 0,
        // The reference provider's fishing game (each shot a round of its own: a bet, then the catch's win or 0).
        engine: 'fishing',
      });
    });
  }
  for (const vendor of vendorSets.PVP ?? []) {
    let n = 0;
    for (const tier of pvpTiers) {
      for (const [EN, CN, AR] of pvpNames) {
        n += 1;
        add({
          vendorCode: vendor,
          gameType: 'PVP',
          classify: null,
          gameCode: `${vendor}-P${String(n).padStart(3, '0')}`,
          names: { EN: join([tier[0], EN], ' '), CN: join([tier[1], CN], ''), AR: join([AR, tier[2]], ' ') },
          supportPlay: 1,
          engine: 'dice',
        });
      }
    }
  }
  const simple = (
    category: GameCategory,
    letter: string,
    titles: [string, string, string][],
    engine: 'dice' | 'sportsbook' | 'cockfight' = 'dice',
  ) => {
    for (const vendor of vendorSets[category] ?? []) {
      titles.forEach(([EN, CN, AR], index) => {
        add({
          vendorCode: vendor,
          gameType: category,
          classify: null,
          gameCode: `${vendor}-${letter}${String(index + 1).padStart(3, '0')}`,
          names: { EN, CN, AR },
          supportPlay: 1,
          engine,
          hot: 0.1,
        });
      });
    }
  };
  // Sports and e-sports open the reference provider's sportsbook (decision 0130).
  simple('SPORTS', 'B', sportsNames, 'sportsbook');
  simple('ESPORTS', 'E', esportsNames, 'sportsbook');
  // The reference provider's cockfight pit (Meron or Wala at the fight's odds; a draw voids the round).
  simple('COCKFIGHT', 'C', cockfightNames, 'cockfight');
  const lottery = (category: 'LOTT' | 'ELOTT', titles: [string, string, string, string][]) => {
    let n = 0;
    for (const region of regions) {
      for (const [key, EN, CN, AR] of titles) {
        n += 1;
        add({
          vendorCode: category,
          gameType: category,
          classify: key,
          gameCode: `${category}-${String(n).padStart(3, '0')}`,
          names: { EN: join([region[0], EN], ' '), CN: join([region[1], CN], ''), AR: join([AR, region[2]], ' ') },
          supportPlay: 1,
          engine: 'lottery',
        });
      }
    }
  };
  lottery('LOTT', lottNames);
  lottery('ELOTT', elottNames);
  // Appended last: the games above keep their order, artwork and sort on a catalogue seeded before.
  const regional = (vendor: string, prefix: string, classify: string, titles: [string, string, string][]) => {
    titles.forEach(([EN, CN, AR], index) => {
      add({
        vendorCode: vendor,
        gameType: 'ELOTT',
        classify,
        gameCode: `${prefix}-${String(index + 1).padStart(3, '0')}`,
        names: { EN, CN, AR },
        supportPlay: 1,
        engine: 'lottery',
      });
    });
  };
  regional('TCG_LOTTO_VN', 'VN', 'vn_lotto', vnLottoNames);
  regional('TCG_SEA', 'SEA', 'sea_lotto', seaLottoNames);
  return list;
};

/** Player names of the demo's wins, masked as the winners board masks names (first two and last characters). */
const demoWinnerNames = [
  'Al***x',
  'mi***8',
  'Ja***n',
  'lu***y',
  'Ch***e',
  'Ra***i',
  'So***a',
  'ki***7',
  'Mo***d',
  'Ha***o',
  'Ev***a',
  'Ng***n',
  'Ye***i',
  'Da***l',
  'Pr***a',
  'Lo***s',
  'Fa***h',
  'Zh***g',
  'Be***n',
  'Ai***a',
];

const DEMO_WIN_HOURS = 72;

/**
 * The demo's history of wins (decision 0065): 24 wins on the given games over the last three days, most of them
 * modest and a few large, as a real board looks. Deterministic apart from `now`.
 */
export const demoWinsOf = (
  gameIds: readonly number[],
  currency: string,
  now: Date,
): { gameId: number; playerName: string; payout: bigint; currency: string; wonAt: Date }[] => {
  const random = seeded('tessera-demo-wins');
  return Array.from({ length: 24 }, (_, index) => {
    // Log-uniform between 40 and 25,000 (minor units ×100), rounded to whole cents.
    const major = 40 * (25_000 / 40) ** (random() ** 1.6);
    return {
      gameId: gameIds[Math.floor(random() * gameIds.length)] as number,
      playerName: demoWinnerNames[index % demoWinnerNames.length] as string,
      payout: BigInt(Math.round(major * 100)),
      currency,
      wonAt: new Date(now.getTime() - Math.floor(random() * DEMO_WIN_HOURS * 3_600_000)),
    };
  });
};
