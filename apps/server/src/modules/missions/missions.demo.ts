import type { LanguageCode, MissionInput } from '@tessera/contracts';

type Texts = Partial<Record<LanguageCode, string>>;

const only = (texts: Texts, languages: readonly LanguageCode[]): Texts =>
  Object.fromEntries(Object.entries(texts).filter(([language]) => languages.includes(language as LanguageCode)));

/**
 * The demo merchant's missions on a real start (issue 28): a daily, a weekly and a one-off one of each kind, so the
 * missions page and its leaderboard have something to do. They go through the editor's own judging.
 */
export const demoMissions = (languages: readonly LanguageCode[]): MissionInput[] => {
  const mission = (
    values: Omit<MissionInput, 'titles' | 'descriptions' | 'enabled'>,
    titles: Texts,
    descriptions: Texts,
  ): MissionInput => ({
    ...values,
    titles: only(titles, languages),
    descriptions: only(descriptions, languages),
    enabled: true,
  });
  return [
    mission(
      { kind: 'rounds', period: 'daily', category: 'all', target: '20', reward: '1', score: 10, sortOrder: 10 },
      { EN: 'Play 20 rounds today', CN: '今日游戏20局', AR: 'العب 20 جولة اليوم' },
      {
        EN: 'Any game counts. Resets every day.',
        CN: '任何游戏均计入，每日重置。',
        AR: 'تُحتسب أي لعبة. تُعاد كل يوم.',
      },
    ),
    mission(
      { kind: 'valid_bet', period: 'weekly', category: 'rng', target: '100', reward: '5', score: 50, sortOrder: 20 },
      {
        EN: 'Bet $100 on slots this week',
        CN: '本周老虎机投注100美元',
        AR: 'راهن بـ 100 دولار على السلوتس هذا الأسبوع',
      },
      {
        EN: 'Valid bets on slot games count. Resets every Monday.',
        CN: '老虎机有效投注计入，每周一重置。',
        AR: 'تُحتسب الرهانات الصالحة على ألعاب السلوتس. تُعاد كل يوم اثنين.',
      },
    ),
    mission(
      { kind: 'login_days', period: 'weekly', category: 'all', target: '3', reward: '2', score: 20, sortOrder: 30 },
      { EN: 'Sign in on 3 days this week', CN: '本周登录3天', AR: 'سجّل الدخول في 3 أيام هذا الأسبوع' },
      {
        EN: 'One sign-in a day counts. Resets every Monday.',
        CN: '每天登录一次计入，每周一重置。',
        AR: 'يُحتسب تسجيل دخول واحد في اليوم. تُعاد كل يوم اثنين.',
      },
    ),
    mission(
      { kind: 'deposit', period: 'once', category: 'all', target: '50', reward: '3', score: 30, sortOrder: 40 },
      { EN: 'Deposit $50 in total', CN: '累计存款50美元', AR: 'أودع 50 دولارًا إجمالًا' },
      {
        EN: 'Your credited deposits add up. Once per member.',
        CN: '已到账存款累计计入，每位会员一次。',
        AR: 'تُجمع إيداعاتك المقيدة. مرة واحدة لكل عضو.',
      },
    ),
  ];
};
