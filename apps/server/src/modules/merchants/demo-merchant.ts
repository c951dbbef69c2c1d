import {
  defaultWithdrawalSettings,
  languageCodes,
  type MerchantSettings,
  moduleIds,
  type WhitelabelNode,
} from '@tessera/contracts';

const on = (modId: string, childrenNodes: WhitelabelNode[] = []): WhitelabelNode => ({
  modId,
  enabled: '1',
  childrenNodes,
});

/**
 * The modules the demo leaves off: REGMOBVERF3 (an SMS code on the username form), because the demo's announcement
 * promises that a username and a password are enough; registration by mobile number (with its SMS code) stays on.
 */
const demoOffModules = ['REGMOBVERF3'];

/** Groups the module ids the way operators think of them; every one of them but `demoOffModules` is on. */
const demoWhitelabel = (): WhitelabelNode[] => {
  const groups: Record<string, readonly string[]> = {
    REG3: ['USERNAMEREG3', 'MOBILENUMREG3', 'MOBILENUMPASSREG3'],
    COMM3: [
      'MOBILEVERCODELOGIN3',
      'CHNGPASSVERIF3',
      'PWRESETSMS3',
      'PWDEXPFORCECHANGE3',
      'FREEPLAY3',
      'VERIFICATION3',
      'CAPTCHA3',
      'LOGINIPVERF3',
      'PASS3',
      'PROFPIC3',
    ],
    AFFMAN3: [
      'CREATEAFF3',
      'AGEREGDOWN3',
      'AGENTPOLICY3',
      'AGEINFO3',
      'REGCEN',
      'DOWNMAN',
      'TRANSBETREPMEM3',
      'AGETEAMPNL3',
      'AGEREV3',
      'AGEDOWNTRANS3',
      'AGENTRANSMULTDOWN3',
      'DIVIDEND',
      'DAYSAL',
      'DAYSALMR',
      'AGEPAG',
      'TEAMBETTING3',
      'AGETRANSFERUP3',
      'AGENTANNOUNCE3',
      'SIGNCONDIV3',
      'DAILYSALCONT3',
      'HOURSAL3',
      'RTSALARY3',
    ],
    GAMELO3: ['GAMELOHOT3', 'GAMELOFAV3', 'GAMELOREC3'],
  };
  const grouped = new Set([
    ...Object.entries(groups).flatMap(([parent, children]) => [parent, ...children]),
    ...demoOffModules,
  ]);
  return [
    ...Object.entries(groups).map(([parent, children]) =>
      on(
        parent,
        children.map((child) => on(child)),
      ),
    ),
    ...moduleIds.filter((id) => !grouped.has(id)).map((id) => on(id)),
  ];
};

/**
 * The demo's customer service, one entry of each kind the spec names (decision 0051): live chat, which opens the
 * platform's built-in chat in the personal centre (decision 0068), and a Telegram and a WhatsApp contact whose
 * handles an operator replaces with theirs.
 */
export const demoCustomerService = (siteUrl: string): MerchantSettings['customerService'] => [
  { csType: 'LIVECHAT', title: 'Live chat', url: `${siteUrl}chat` },
  { csType: 'TELEGRAM', title: 'Telegram', url: 'https://t.me/TesseraDemoSupport' },
  { csType: 'WHATSAPP', title: 'WhatsApp', url: 'https://wa.me/6560000000' },
];

/** The demo merchant: every feature on, every language, and the site's own addresses as its mirror lines. */
export const demoMerchantSettings = (domains: readonly string[], port: number): MerchantSettings => ({
  name: 'Tessera Demo',
  enabled: true,
  domains: [...domains],
  defaultLanguage: 'EN',
  supportedLanguages: [...languageCodes],
  currency: 'USD',
  timeZone: 'Asia/Singapore',
  themeTokens: { light: {}, dark: {} },
  whitelabel: demoWhitelabel(),
  registerRules: {
    username: {
      enabled: true,
      required: true,
      acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
      patternId: 1,
      minLength: 6,
      maxLength: 16,
    },
    password: {
      enabled: true,
      required: true,
      acceptedPattern: '^(?=.*[A-Za-z])(?=.*[0-9]).*$',
      patternId: 5,
      minLength: 8,
      maxLength: 20,
    },
    mobileNum: {
      enabled: true,
      required: false,
      acceptedPattern: '^[0-9]+$',
      patternId: 6,
      minLength: 7,
      maxLength: 15,
    },
    email: {
      enabled: true,
      required: false,
      acceptedPattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
      patternId: 3,
      minLength: 5,
      maxLength: 100,
    },
    payeeName: {
      enabled: true,
      required: false,
      acceptedPattern: '^[A-Za-z]+( [A-Za-z]+)+$',
      patternId: 21,
      minLength: 3,
      maxLength: 60,
    },
    affiliateCode: {
      enabled: true,
      required: false,
      acceptedPattern: '^[A-Za-z0-9]+$',
      patternId: 4,
      minLength: 4,
      maxLength: 20,
    },
  },
  maintenance: { enabled: false, startAt: null, endAt: null },
  region: { allowedCountries: [], blockedCountries: [], allowedIpRanges: [], blockedIpRanges: [] },
  customerService: demoCustomerService(`http://${domains[0] ?? 'localhost'}:${port}/`),
  domainRoutes: domains.map((domain) => ({ name: domain, url: `http://${domain}:${port}/` })),
  resources: [],
  mainDomain: domains[0] ?? 'localhost',
  analytics: { gtagId: null },
  imageCDNs: [],
  launchGameCDNs: [],
  loginVerification: { methods: ['sms', 'email', 'payee', 'totp'] },
  gameWallets: [],
  withdrawal: defaultWithdrawalSettings,
});
