import { obfuscateCustomerServicePath } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { customerServiceLinksOf, linksOutsideSite, pickCustomerService } from './customer-service';

const entry = (csType: string, url: string) => ({ csType, title: csType, path: obfuscateCustomerServicePath(url) });
const info = {
  customerService: [
    entry('LIVECHAT', 'http://localhost:8080/member?page=liveChat'),
    entry('TELEGRAM', 'https://t.me/TesseraDemoSupport'),
    entry('WHATSAPP', 'https://wa.me/6560000000'),
    { csType: 'OTHER', title: 'broken', path: 'short' },
  ],
  domainRoute: [{ url: 'http://localhost:8080/' }, { url: 'http://127.0.0.1:8080/' }],
};

describe('customer-service links', () => {
  it("open an entry on one of the merchant's own sites on the site the member is on", () => {
    const links = customerServiceLinksOf(info, 'http://127.0.0.1:8080');
    expect(links.map((link) => [link.csType, link.url, link.isOwnSite])).toEqual([
      ['LIVECHAT', 'http://127.0.0.1:8080/member?page=liveChat', true],
      ['TELEGRAM', 'https://t.me/TesseraDemoSupport', false],
      ['WHATSAPP', 'https://wa.me/6560000000', false],
    ]);
    // A site that is not one of the lines still counts as the merchant's own when the entry is on it.
    expect(customerServiceLinksOf({ ...info, domainRoute: [] }, 'http://localhost:8080')[0]?.isOwnSite).toBe(true);
  });

  it('offer a closed site only what is served elsewhere, the first of those when the preferred kind is on the site', () => {
    const outside = linksOutsideSite(customerServiceLinksOf(info, 'http://localhost:8080'));
    expect(outside.map((link) => link.csType)).toEqual(['TELEGRAM', 'WHATSAPP']);
    expect(pickCustomerService(outside, 'LIVECHAT')?.csType).toBe('TELEGRAM');
    const chatElsewhere = { ...info, customerService: [entry('LIVECHAT', 'https://chat.example.com/s/1')] };
    expect(
      pickCustomerService(linksOutsideSite(customerServiceLinksOf(chatElsewhere, 'http://localhost:8080')))?.url,
    ).toBe('https://chat.example.com/s/1');
    expect(
      linksOutsideSite(
        customerServiceLinksOf({ ...info, customerService: info.customerService.slice(0, 1) }, 'http://localhost:8080'),
      ),
    ).toEqual([]);
  });
});
