/**
 * Module ids (modId) of the whitelabel feature tree and of the `ModuleId` header (api-facts 1.4 and 7.2).
 * A request naming an id outside this list is refused with `module_id_unknown`.
 */
export const moduleIds = [
  'COMM3',
  'REG3',
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'MOBILENUMPASSREG3',
  'REGMOBVERF3',
  'MOBILEVERCODELOGIN3',
  'CHNGPASSVERIF3',
  'PWRESETSMS3',
  'PWDEXPFORCECHANGE3',
  'FREEPLAY3',
  'VERIFICATION3',
  'CAPTCHA3',
  'GEETEST3',
  'LOGINIPVERF3',
  'PASS3',
  'PROFPIC3',
  'AFFMAN3',
  'CREATEAFF3',
  'AGEREGDOWN3',
  'AGENTPOLICY3',
  'GAMELO3',
  'GAMELOHOT3',
  'GAMELOFAV3',
  'GAMELOREC3',
  'FUNDTRANS3',
  'INBOX3',
  'FEEDBACK3',
  'REWCEN3',
  'PTSYS3',
  'MEMTRANS3',
  'AGEANNOUNCE3',
  'SIGNCONDIV3',
  'DAILYSALCONT3',
  'HOURSAL3',
  'RTSALARY3',
  'CBS3',
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
  'MYWALL',
  'AGENTANNOUNCE3',
  'VIP3',
  'MANUALREBATE3',
  'REFERRAL3',
] as const;
export type ModuleId = (typeof moduleIds)[number];

const known = new Set<string>(moduleIds);
export const isModuleId = (value: string): value is ModuleId => known.has(value);

/** COMM3 is the common module: always on, whatever the whitelabel tree says. */
export const alwaysEnabledModuleIds: readonly ModuleId[] = ['COMM3'];
