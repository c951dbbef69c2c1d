import { describe, expect, it } from 'vitest';
import { agentMenu, builtAgentMenu, visibleAgentMenu } from './agent-menu';

const allOn = Object.fromEntries(agentMenu.flatMap((item) => (item.requires ? [[item.requires, true]] : [])));

describe('agent menu', () => {
  it('hides the contract pages while the consolidated data is unknown', () => {
    const pages = visibleAgentMenu(allOn, null).map((item) => item.page);
    expect(pages).toContain('agentTeamOverview');
    expect(pages).not.toContain('agentDividendRecordCopy2');
    expect(pages).not.toContain('agentRealtimeSalary');
  });

  it('shows a contract page only when both its module and its contract kind are on', () => {
    const contracts = { dividend: true, dailySalary: false, hourlySalary: true, realtimeSalary: true };
    const pages = visibleAgentMenu({ ...allOn, HOURSAL3: false }, contracts).map((item) => item.page);
    expect(pages).toContain('agentDividendRecordCopy2');
    expect(pages).not.toContain('agentDailyWages2');
    expect(pages).not.toContain('agentHourSalary');
    expect(pages).toContain('agentRealtimeSalary');
  });

  it('shows only built pages', () => {
    const pages = builtAgentMenu(visibleAgentMenu(allOn, null), new Set(['agentTeamOverview', 'registerCenter'])).map(
      (item) => item.page,
    );
    expect(pages).toEqual(['agentTeamOverview', 'registerCenter']);
  });

  it('shows the transfer and red envelope pages when their modules are on', () => {
    expect(visibleAgentMenu(allOn, null).map((item) => item.page)).toEqual(
      expect.arrayContaining(['agentTransfer', 'agentRedRain']),
    );
    const pages = visibleAgentMenu({ ...allOn, AGENTRANSMULTDOWN3: false }, null).map((item) => item.page);
    expect(pages).toContain('agentTransfer');
    expect(pages).not.toContain('agentRedRain');
  });
});
