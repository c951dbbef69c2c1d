import { describe, expect, it } from 'vitest';
import { lotteryBackPathOf, lotteryLaunchFieldsOf, lotteryPageOf, prizeModeOfLanes } from './lottery-launch';

const base = {
  gameCode: null,
  vendorOfGame: null,
  lobbyPrizeMode: 'LOTT' as const,
  device: 'WEB' as const,
  backUrl: 'http://site.test/elott',
  language: 'EN',
};

describe('the lottery launch fields', () => {
  it("open the betting view of the game code, with its vendor's area and prize mode", () => {
    expect(lotteryLaunchFieldsOf({ ...base, page: '/lottery', gameCode: 'ELOTT-003', vendorOfGame: 'ELOTT' })).toEqual({
      launchMode: 'LOTT',
      lottoArea: 'VN',
      lottoPrizeMode: 'ELOTT',
      lottoGameCode: 'ELOTT-003',
      lottoView: 'betting',
      device: 'WEB',
      backUrl: 'http://site.test/elott',
      language: 'EN',
    });
    expect(
      lotteryLaunchFieldsOf({ ...base, page: '/lottery', gameCode: 'LOTT-001', vendorOfGame: 'LOTT' }),
    ).toMatchObject({ lottoArea: 'VN', lottoPrizeMode: 'LOTT', lottoView: 'betting' });
  });

  it('open the lobby without a game code, in the prize mode of the lobby', () => {
    expect(lotteryLaunchFieldsOf({ ...base, page: '/lottery', lobbyPrizeMode: 'ELOTT' })).toMatchObject({
      lottoGameCode: '',
      lottoView: 'lobby',
      lottoPrizeMode: 'ELOTT',
      lottoArea: 'VN',
    });
  });

  it("take the Vietnamese and South-East Asian pages' own vendors, whatever the game's lookup says", () => {
    expect(lotteryLaunchFieldsOf({ ...base, page: '/seaLottery', gameCode: 'S1', vendorOfGame: null })).toMatchObject({
      lottoArea: 'SEA',
      lottoPrizeMode: 'SEA',
      lottoView: 'betting',
    });
    expect(lotteryLaunchFieldsOf({ ...base, page: '/vnLottery', gameCode: 'V1', vendorOfGame: 'LOTT' })).toMatchObject({
      lottoArea: 'VN',
      lottoPrizeMode: 'ELOTT',
    });
  });

  it('fall back to the lobby prize mode for a game code no vendor offers (the server then refuses it)', () => {
    expect(
      lotteryLaunchFieldsOf({
        ...base,
        page: '/lottery',
        gameCode: 'NOPE',
        vendorOfGame: null,
        lobbyPrizeMode: 'LOTT',
      }),
    ).toMatchObject({ lottoPrizeMode: 'LOTT', lottoGameCode: 'NOPE', lottoView: 'betting' });
  });
});

describe('the lottery pages', () => {
  it('are matched whatever the case of the path', () => {
    expect(lotteryPageOf('/vnlottery')).toBe('/vnLottery');
    expect(lotteryPageOf('/SEALOTTERY/')).toBe('/seaLottery');
    expect(lotteryPageOf('/lottery')).toBe('/lottery');
  });

  it('go back to the page the member came from, on this site only', () => {
    expect(lotteryBackPathOf('/elott?page=2')).toBe('/elott?page=2');
    expect(lotteryBackPathOf('//evil.test/x')).toBe('/');
    expect(lotteryBackPathOf('https://evil.test/')).toBe('/');
    expect(lotteryBackPathOf(undefined)).toBe('/');
  });
});

describe("the lobby's prize mode", () => {
  const lane = (title: string, ...vendors: string[]) => ({
    title,
    vendors: vendors.map((vassalage) => ({ vassalage })),
  });

  it('is ELOTT when the ELOTT category has a TCG_LOTTO_VN or LOTT card, otherwise LOTT', () => {
    expect(prizeModeOfLanes([lane('ELOTT', 'ELOTT', 'TCG_LOTTO_VN')])).toBe('ELOTT');
    expect(prizeModeOfLanes([lane('ELOTT', 'LOTT')])).toBe('ELOTT');
    expect(prizeModeOfLanes([lane('ELOTT', 'ELOTT'), lane('LOTT', 'LOTT')])).toBe('LOTT');
    expect(prizeModeOfLanes([])).toBe('LOTT');
  });
});
