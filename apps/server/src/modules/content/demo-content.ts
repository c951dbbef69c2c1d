import {
  type BannerGroup,
  type ContentData,
  type LanguageCode,
  type LinkageType,
  languageCodes,
  type PopupExecution,
} from '@tessera/contracts';
import type { ContentService } from './content.service';
import { type DemoBannerName, demoBannerTitle } from './demo-banner-titles';
import { type DemoPicture, demoPictures, paintPicture } from './demo-pictures';

/** A banner; its headline, in every shipped language, is `demoBannerTitle(picture, language)`. */
interface DemoBanner {
  group: BannerGroup;
  picture: DemoBannerName & DemoPicture;
  linkageType: LinkageType;
  linkTarget: string;
}

type DemoLanguage = 'EN' | 'CN' | 'AR';
export const demoLanguages: readonly DemoLanguage[] = ['EN', 'CN', 'AR'];
const isDemoLanguage = (language: LanguageCode): language is DemoLanguage =>
  (demoLanguages as readonly string[]).includes(language);

type Texts = Record<DemoLanguage, { title: string; content: string }>;

export const demoBanners: readonly DemoBanner[] = [
  {
    group: 'w_home',
    picture: 'welcome',
    linkageType: 'ROUTE',
    linkTarget: '/register',
  },
  {
    group: 'w_home',
    picture: 'cashback',
    linkageType: 'ROUTE',
    linkTarget: '/promotions',
  },
  {
    group: 'w_home',
    picture: 'fairPlay',
    linkageType: 'ROUTE',
    linkTarget: '/help#fair-play',
  },
  {
    group: 'w_login',
    picture: 'loginBanner',
    linkageType: 'ROUTE',
    linkTarget: '/promotions',
  },
  {
    group: 'w_reg',
    picture: 'registerBanner',
    linkageType: 'ROUTE',
    linkTarget: '/promotions',
  },
  {
    group: 'w_forget',
    picture: 'forgetBanner',
    linkageType: 'ROUTE',
    linkTarget: '/help#privacy',
  },
  {
    group: 'w_leftmenu',
    picture: 'sideMenu',
    linkageType: 'ROUTE',
    linkTarget: '/appDownload',
  },
  {
    group: 'w_license',
    picture: 'license',
    linkageType: 'ROUTE',
    linkTarget: '/help#responsible-gaming',
  },
];

/** Notices for the agent centre only (decision 0095): what the demo agent reads on its announcement page. */
export const demoAgentNotices: readonly Texts[] = [
  {
    EN: {
      title: "New: set your downline agents' rates in Downline Management",
      content:
        'Open Downline Management and choose Rates beside a direct downline agent. Each rate can be at most your own; lowering one also lowers the agents below it.',
    },
    CN: {
      title: '新功能：在团队管理中设置下级代理返点',
      content:
        '打开团队管理，在直属下级代理旁选择“返点”。每项返点不得高于您自己的返点；降低返点时，其下级代理的返点也会随之降低。',
    },
    AR: {
      title: 'جديد: حدّد نسب وكلائك الفرعيين من إدارة الفريق',
      content:
        'افتح إدارة الفريق واختر النسب بجانب وكيل فرعي مباشر. لا تتجاوز أي نسبة نسبتك الخاصة، وخفضها يخفض نسب الوكلاء التابعين له أيضًا.',
    },
  },
  {
    EN: {
      title: 'Monthly team report closes on the 1st at 00:00',
      content:
        "Team figures for the past month are final once the month closes. Check the Overview page for your team's deposits, valid bets and win/loss.",
    },
    CN: {
      title: '月度团队报表于每月 1 日 00:00 结算',
      content: '月份结束后，上月团队数据即为最终数据。请在总览页面查看团队的存款、有效投注和输赢。',
    },
    AR: {
      title: 'يُغلق تقرير الفريق الشهري في اليوم الأول الساعة 00:00',
      content:
        'تصبح أرقام الفريق للشهر الماضي نهائية عند إغلاق الشهر. راجع صفحة النظرة العامة لمعرفة إيداعات فريقك ورهاناته الصالحة وربحه وخسارته.',
    },
  },
];

export const demoNotices: readonly Texts[] = [
  {
    EN: {
      title: 'Scheduled maintenance on Tuesday 03:00–04:00 UTC',
      content:
        'Deposits and game launches pause for up to one hour while we upgrade our servers. Balances are not affected.',
    },
    CN: {
      title: '周二 03:00–04:00（UTC）例行维护',
      content: '服务器升级期间，存款和游戏启动将暂停最多一小时。账户余额不受影响。',
    },
    AR: {
      title: 'صيانة مجدولة يوم الثلاثاء 03:00–04:00 بالتوقيت العالمي',
      content: 'تتوقف الإيداعات وتشغيل الألعاب لمدة أقصاها ساعة أثناء ترقية الخوادم. لا تتأثر الأرصدة.',
    },
  },
  {
    EN: {
      title: 'Card deposits now arrive instantly',
      content: 'Deposits paid by card are credited as soon as the payment is confirmed, usually within seconds.',
    },
    CN: { title: '银行卡存款现已即时到账', content: '银行卡支付确认后立即入账，通常只需几秒钟。' },
    AR: {
      title: 'إيداعات البطاقات تصل الآن فورًا',
      content: 'تُضاف الإيداعات المدفوعة بالبطاقة فور تأكيد الدفع، عادةً خلال ثوانٍ.',
    },
  },
  {
    EN: {
      title: 'Set your own limits in the security centre',
      content: 'You can ask customer service for deposit limits or a cooling-off period at any time.',
    },
    CN: { title: '在安全中心设置您的限额', content: '您可以随时联系客服设置存款限额或冷静期。' },
    AR: {
      title: 'حدّد حدودك بنفسك في مركز الأمان',
      content: 'يمكنك في أي وقت طلب حدود للإيداع أو فترة تهدئة من خدمة العملاء.',
    },
  },
  {
    EN: {
      title: 'Install the site on your phone',
      content: 'Open the app download page and add the site to your home screen for one-tap access.',
    },
    CN: { title: '将网站安装到手机', content: '打开应用下载页面，将网站添加到主屏幕，一键即可访问。' },
    AR: {
      title: 'ثبّت الموقع على هاتفك',
      content: 'افتح صفحة تنزيل التطبيق وأضف الموقع إلى الشاشة الرئيسية للوصول بنقرة واحدة.',
    },
  },
];

export const demoPopups: readonly { execution: PopupExecution; promotionType: string | null; texts: Texts }[] = [
  {
    execution: 'B',
    promotionType: null,
    texts: {
      EN: {
        title: 'Welcome to the demo site',
        content:
          'Browse the lobby freely. Register to deposit and play; it takes a mobile number or a username and a password.',
      },
      CN: {
        title: '欢迎来到演示站点',
        content: '您可以随意浏览大厅。注册后即可存款和游戏，只需手机号或用户名及密码。',
      },
      AR: {
        title: 'مرحبًا بك في موقع العرض',
        content: 'تصفح الردهة بحرية. سجّل لتودع وتلعب؛ يكفي رقم جوال أو اسم مستخدم وكلمة مرور.',
      },
    },
  },
  {
    execution: 'B',
    promotionType: null,
    texts: {
      EN: {
        title: 'Try before you register',
        content: 'Many games offer a free trial. Look for the free-trial button on a game card.',
      },
      CN: { title: '注册前先试玩', content: '许多游戏提供免费试玩，请在游戏卡片上查找“免费试玩”按钮。' },
      AR: {
        title: 'جرّب قبل التسجيل',
        content: 'تتيح ألعاب كثيرة تجربة مجانية. ابحث عن زر التجربة المجانية على بطاقة اللعبة.',
      },
    },
  },
  {
    execution: 'A',
    promotionType: 'DEPOSIT',
    texts: {
      EN: {
        title: 'Your weekly reload offer is ready',
        content: 'Open the reward centre to see this week’s deposit offer and its terms.',
      },
      CN: { title: '您的每周充值优惠已就绪', content: '打开奖励中心查看本周存款优惠及条款。' },
      AR: {
        title: 'عرض إعادة الشحن الأسبوعي جاهز',
        content: 'افتح مركز المكافآت لرؤية عرض الإيداع لهذا الأسبوع وشروطه.',
      },
    },
  },
  {
    execution: 'A',
    promotionType: null,
    texts: {
      EN: {
        title: 'Protect your account',
        content: 'Turn on two-factor login in the security centre. It takes a minute and stops most account theft.',
      },
      CN: { title: '保护您的账户', content: '在安全中心开启双重验证登录。只需一分钟，即可阻止大多数盗号行为。' },
      AR: {
        title: 'احمِ حسابك',
        content: 'فعّل تسجيل الدخول بخطوتين في مركز الأمان. يستغرق دقيقة ويمنع معظم سرقات الحسابات.',
      },
    },
  },
  {
    execution: 'F',
    promotionType: 'NEW_PLAYER',
    texts: {
      EN: {
        title: 'Welcome aboard',
        content: 'Thanks for joining. Your new-player offers are waiting in the reward centre.',
      },
      CN: { title: '欢迎加入', content: '感谢您的加入。您的新手优惠已在奖励中心等候。' },
      AR: { title: 'أهلًا بك معنا', content: 'شكرًا لانضمامك. عروض اللاعبين الجدد بانتظارك في مركز المكافآت.' },
    },
  },
];

export const demoPromotions: readonly Texts[] = [
  {
    EN: { title: 'Weekly reload', content: 'A deposit offer every Monday for active members.' },
    CN: { title: '每周充值', content: '每周一为活跃会员提供存款优惠。' },
    AR: { title: 'إعادة الشحن الأسبوعية', content: 'عرض إيداع كل يوم اثنين للأعضاء النشطين.' },
  },
  {
    EN: { title: 'Invite a friend', content: 'Share your referral link; rewards follow your friends’ first deposits.' },
    CN: { title: '邀请好友', content: '分享您的推荐链接，好友首次存款后即可获得奖励。' },
    AR: { title: 'ادعُ صديقًا', content: 'شارك رابط الإحالة؛ تأتي المكافآت بعد أول إيداع لأصدقائك.' },
  },
  {
    EN: { title: 'Daily missions', content: 'Complete three missions a day to collect points for the points mall.' },
    CN: { title: '每日任务', content: '每天完成三项任务，即可获得积分商城积分。' },
    AR: { title: 'المهام اليومية', content: 'أكمل ثلاث مهام يوميًا لجمع نقاط متجر النقاط.' },
  },
];

type HelpTexts = Record<DemoLanguage, { title: string; content: string }>;

export const demoHelp: readonly { tag: string; texts: HelpTexts }[] = [
  {
    tag: 'term',
    texts: {
      EN: {
        title: 'Terms and conditions',
        content:
          'You must be 18 or older and allowed to play where you live.\nOne account per person; accounts may not be shared or sold.\nWe may ask for identity documents before a withdrawal.\nBets are final once accepted; a game’s own rules decide its results.',
      },
      CN: {
        title: '条款与条件',
        content:
          '您必须年满18岁，且所在地允许参与游戏。\n每人仅限一个账户，账户不得共享或出售。\n提款前我们可能要求提供身份证明文件。\n投注一经接受即为最终结果，游戏结果以该游戏规则为准。',
      },
      AR: {
        title: 'الشروط والأحكام',
        content:
          'يجب أن يكون عمرك 18 عامًا أو أكثر وأن يُسمح لك باللعب في مكان إقامتك.\nحساب واحد لكل شخص؛ لا يجوز مشاركة الحسابات أو بيعها.\nقد نطلب وثائق الهوية قبل السحب.\nالرهانات نهائية بمجرد قبولها؛ وتحدد قواعد كل لعبة نتائجها.',
      },
    },
  },
  {
    tag: 'privacy',
    texts: {
      EN: {
        title: 'Privacy',
        content:
          'We keep your contact details, logins and transactions to run your account and meet legal duties.\nPasswords are stored only as salted hashes. We never sell your data.',
      },
      CN: {
        title: '隐私政策',
        content:
          '我们保存您的联系方式、登录记录和交易记录，用于管理账户并履行法律义务。\n密码仅以加盐哈希形式保存。我们绝不出售您的数据。',
      },
      AR: {
        title: 'الخصوصية',
        content:
          'نحتفظ ببيانات الاتصال وسجلات الدخول والمعاملات لإدارة حسابك والوفاء بالالتزامات القانونية.\nتُخزَّن كلمات المرور كتجزئات مملّحة فقط. لا نبيع بياناتك أبدًا.',
      },
    },
  },
  {
    tag: 'deposit',
    texts: {
      EN: {
        title: 'Deposits',
        content:
          'Choose a channel on the deposit page and enter an amount within its limits.\nCard payments are credited when the payment is confirmed; bank and crypto transfers after our team checks them.',
      },
      CN: {
        title: '存款',
        content:
          '在存款页面选择渠道，并输入限额内的金额。\n银行卡支付确认后即时入账；银行转账和加密货币转账经我们审核后入账。',
      },
      AR: {
        title: 'الإيداع',
        content:
          'اختر قناة في صفحة الإيداع وأدخل مبلغًا ضمن حدودها.\nتُضاف مدفوعات البطاقة عند تأكيد الدفع؛ والتحويلات المصرفية والمشفرة بعد أن يراجعها فريقنا.',
      },
    },
  },
  {
    tag: 'withdrawal',
    texts: {
      EN: {
        title: 'Withdrawals',
        content:
          'Set a withdrawal password in the security centre first.\nWithdrawals are paid to an account in your own name; most are processed within one hour.',
      },
      CN: {
        title: '提款',
        content: '请先在安全中心设置提款密码。\n提款将支付至您本人名下的账户，大多数在一小时内处理完毕。',
      },
      AR: {
        title: 'السحب',
        content: 'عيّن أولًا كلمة مرور السحب في مركز الأمان.\nتُدفع السحوبات إلى حساب باسمك؛ وتُعالج معظمها خلال ساعة.',
      },
    },
  },
  {
    tag: 'fair-play',
    texts: {
      EN: {
        title: 'Fair play',
        content:
          'Our in-house games are provably fair: before each round we publish a hash of the server seed, and afterwards the seed itself, so you can check every result.',
      },
      CN: {
        title: '公平游戏',
        content:
          '我们的自营游戏可证明公平：每局开始前公布服务器种子的哈希值，结束后公布种子本身，您可以验证每一个结果。',
      },
      AR: {
        title: 'اللعب النزيه',
        content:
          'ألعابنا الداخلية قابلة لإثبات النزاهة: ننشر قبل كل جولة تجزئة بذرة الخادم، ثم البذرة نفسها بعدها، لتتحقق من كل نتيجة.',
      },
    },
  },
  {
    tag: 'responsible-gaming',
    texts: {
      EN: {
        title: 'Responsible gaming',
        content:
          'Play for entertainment, never to earn money. Set a budget before you start.\nCustomer service can set deposit limits or close your account for a cooling-off period on request.',
      },
      CN: {
        title: '负责任博彩',
        content:
          '游戏是为了娱乐，而不是为了赚钱。开始前请先设定预算。\n客服可应您的要求设置存款限额，或在冷静期内关闭您的账户。',
      },
      AR: {
        title: 'اللعب المسؤول',
        content:
          'العب للترفيه، لا لكسب المال. حدّد ميزانيتك قبل أن تبدأ.\nيمكن لخدمة العملاء عند الطلب وضع حدود للإيداع أو إغلاق حسابك لفترة تهدئة.',
      },
    },
  },
];

export const demoFooter: Record<DemoLanguage, string> = {
  EN: 'Tessera Demo is a demonstration site of the Tessera platform. Games are for adults aged 18 and over. Play responsibly.',
  CN: 'Tessera Demo 是 Tessera 平台的演示站点。游戏仅限18岁及以上成年人。请理性娱乐。',
  AR: 'Tessera Demo موقع تجريبي لمنصة Tessera. الألعاب للبالغين من عمر 18 عامًا فأكثر. العب بمسؤولية.',
};

type DemoItem = { sortOrder: number; content: ContentData };

/** The banners of one language (every shipped one), with each picture already stored as `imageIds[picture]`. */
export const demoBannerItemsOf = (language: LanguageCode, imageIds: Record<DemoPicture, string>): DemoItem[] =>
  demoBanners.map((banner, index) => ({
    sortOrder: index,
    content: {
      kind: 'banner' as const,
      data: {
        group: banner.group,
        title: demoBannerTitle(banner.picture, language),
        imageId: imageIds[banner.picture],
        linkageType: banner.linkageType,
        linkTarget: banner.linkTarget,
      },
    },
  }));

/** The items of one of the demo's written languages (EN, CN, AR): its banners and every text. */
export const demoItemsOf = (language: DemoLanguage, imageIds: Record<DemoPicture, string>): DemoItem[] => [
  ...demoBannerItemsOf(language, imageIds),
  ...demoNotices.map((notice, index) => ({
    sortOrder: index,
    content: { kind: 'notice' as const, data: notice[language] },
  })),
  ...demoAgentNotices.map((notice, index) => ({
    sortOrder: demoNotices.length + index,
    content: { kind: 'notice' as const, data: { ...notice[language], audience: 'agents' as const } },
  })),
  ...demoPopups.map((popup, index) => ({
    sortOrder: index,
    content: {
      kind: 'popup' as const,
      data: { ...popup.texts[language], execution: popup.execution, promotionType: popup.promotionType },
    },
  })),
  ...demoPromotions.map((promotion, index) => ({
    sortOrder: index,
    content: { kind: 'promotion' as const, data: promotion[language] },
  })),
  ...demoHelp.map((help, index) => ({
    sortOrder: index,
    content: { kind: 'help' as const, data: { tag: help.tag, ...help.texts[language] } },
  })),
  { sortOrder: 0, content: { kind: 'footer' as const, data: { description: demoFooter[language] } } },
];

/**
 * The demo merchant's content, written once: banners with their headlines in every shipped language, the texts
 * (notices, popups, promotions, help, footer) in EN, CN and AR, which other languages fall back from (the
 * merchant's default language). A merchant that already has content (an operator's edits) is left alone.
 */
export const seedDemoContent = async (content: ContentService, merchantCode: string): Promise<boolean> => {
  if (await content.hasContent(merchantCode)) return false;
  const imageIds = {} as Record<DemoPicture, string>;
  for (const name of Object.keys(demoPictures) as DemoPicture[]) {
    imageIds[name] = (await content.uploadImage(merchantCode, paintPicture(demoPictures[name]))).id;
  }
  await content.insertMany(
    languageCodes.flatMap((language) =>
      (isDemoLanguage(language) ? demoItemsOf(language, imageIds) : demoBannerItemsOf(language, imageIds)).map(
        (item) => ({
          merchantCode,
          kind: item.content.kind,
          language,
          sortOrder: item.sortOrder,
          enabled: true,
          startsAt: null,
          endsAt: null,
          data: item.content.data,
        }),
      ),
    ),
  );
  return true;
};
