import type { LanguageCode, PromotionInput, PromotionText } from '@tessera/contracts';

const DAY_MS = 86_400_000;

type Texts = Partial<Record<LanguageCode, Omit<PromotionText, 'imageUrl'>>>;

/** The languages the demo writes (others read the merchant default's, as the site does for any promotion). */
const textsIn = (texts: Texts, languages: readonly LanguageCode[]): PromotionInput['texts'] =>
  Object.fromEntries(
    Object.entries(texts)
      .filter(([language]) => languages.includes(language as LanguageCode))
      .map(([language, text]) => [language, { ...text, imageUrl: '' }]),
  );

/**
 * The demo merchant's promotions on a real start (issue 28): one of each kind a member meets first, so the
 * promotions page has something to join. They go through the editor's own judging, as an operator's would.
 */
export const demoPromotions = (now: Date, languages: readonly LanguageCode[]): PromotionInput[] => {
  const window = {
    startsAt: new Date(now.getTime() - DAY_MS).toISOString(),
    endsAt: new Date(now.getTime() + 365 * DAY_MS).toISOString(),
    enabled: true,
  };
  const none = {
    percent: 0,
    fixedAmount: '0',
    maxAmount: '0',
    minDeposit: '0',
    turnoverTarget: '0',
    wageringBase: 'bonus' as const,
    wageringCategories: [],
    bonusExpiryDays: 7,
    minVipLevel: 0,
    newMembersOnly: false,
    paymentChannelKinds: [],
    regions: [],
  };
  return [
    {
      ...window,
      ...none,
      kind: 'first_deposit',
      category: 'newbie',
      sort: 10,
      percent: 100,
      maxAmount: '100',
      minDeposit: '20',
      wageringMultiple: 10,
      wageringBase: 'bonus_deposit',
      bonusExpiryDays: 30,
      frequency: 'once',
      newMembersOnly: true,
      texts: textsIn(
        {
          EN: {
            title: '100% first deposit bonus up to $100',
            summary: 'Join before your first deposit and we match it.',
            content:
              'Join, then make your first deposit of at least $20: we add the same again as a bonus, up to $100. Wager the bonus and the deposit 10 times within 30 days to release it.',
          },
          CN: {
            title: '首存100%奖金，最高100美元',
            summary: '首次存款前参加，我们等额赠送。',
            content: '参加后首次存款至少20美元：我们赠送等额奖金，最高100美元。30天内完成奖金加存款10倍流水即可提取。',
          },
          AR: {
            title: 'مكافأة 100% على الإيداع الأول حتى 100 دولار',
            summary: 'انضم قبل إيداعك الأول ونضاعفه لك.',
            content:
              'انضم ثم أودع لأول مرة 20 دولارًا على الأقل: نضيف المبلغ نفسه مكافأةً حتى 100 دولار. راهن بالمكافأة والإيداع 10 مرات خلال 30 يومًا لتحريرها.',
          },
        },
        languages,
      ),
    },
    {
      ...window,
      ...none,
      kind: 'daily_login',
      category: 'daily',
      sort: 20,
      fixedAmount: '1',
      wageringMultiple: 1,
      frequency: 'daily',
      texts: textsIn(
        {
          EN: {
            title: 'Daily login gift',
            summary: 'Claim $1 every day you sign in.',
            content: 'Sign in and claim $1 each day. Wager it once to release it.',
          },
          CN: {
            title: '每日登录礼',
            summary: '每天登录领取1美元。',
            content: '每天登录即可领取1美元，完成1倍流水即可提取。',
          },
          AR: {
            title: 'هدية الدخول اليومية',
            summary: 'احصل على دولار واحد كل يوم تسجّل فيه الدخول.',
            content: 'سجّل الدخول واحصل على دولار واحد يوميًا. راهن به مرة واحدة لتحريره.',
          },
        },
        languages,
      ),
    },
    {
      ...window,
      ...none,
      kind: 'turnover_challenge',
      category: 'limited',
      sort: 30,
      fixedAmount: '5',
      turnoverTarget: '500',
      wageringMultiple: 1,
      frequency: 'weekly',
      texts: textsIn(
        {
          EN: {
            title: 'Weekly turnover challenge',
            summary: 'Reach $500 in valid bets this week, get $5.',
            content: 'Join, then reach $500 of valid bets on any game before the week ends: $5 is yours to claim.',
          },
          CN: {
            title: '每周流水挑战',
            summary: '本周有效投注达500美元，获得5美元。',
            content: '参加后在本周结束前任意游戏有效投注达到500美元，即可领取5美元。',
          },
          AR: {
            title: 'تحدي الرهانات الأسبوعي',
            summary: 'حقق 500 دولار من الرهانات الصالحة هذا الأسبوع واربح 5 دولارات.',
            content: 'انضم ثم حقق 500 دولار من الرهانات الصالحة على أي لعبة قبل نهاية الأسبوع: 5 دولارات لك.',
          },
        },
        languages,
      ),
    },
    {
      ...window,
      ...none,
      kind: 'application',
      category: 'special',
      sort: 40,
      fixedAmount: '10',
      wageringMultiple: 1,
      frequency: 'once',
      texts: textsIn(
        {
          EN: {
            title: 'Share your big win',
            summary: 'Send us a screenshot of a big win; we review it and reward you with $10.',
            content:
              'Apply with a short note and up to three screenshots (PNG or JPG, at most 5 MB each). Our team reviews each application; once approved, $10 is credited as a bonus.',
          },
          CN: {
            title: '晒出你的大奖',
            summary: '发送大奖截图，审核通过后奖励10美元。',
            content:
              '提交申请时附上简短说明和最多三张截图（PNG或JPG，每张不超过5MB）。审核通过后，10美元将作为奖金发放。',
          },
          AR: {
            title: 'شارك فوزك الكبير',
            summary: 'أرسل لقطة شاشة لفوز كبير؛ نراجعها ونكافئك بـ 10 دولارات.',
            content:
              'قدّم طلبًا مع ملاحظة قصيرة وحتى ثلاث لقطات شاشة (PNG أو JPG، 5 ميغابايت كحد أقصى لكل منها). يراجع فريقنا كل طلب؛ وعند الموافقة تُضاف 10 دولارات كمكافأة.',
          },
        },
        languages,
      ),
    },
  ];
};
