import { describe, expect, it } from 'vitest';
import { referralLinkOf, shareHrefOf } from './referral-link';

describe('the referral link', () => {
  it('opens registration on the site the member uses, with its code', () => {
    expect(referralLinkOf('https://play.example', 'AB23CD45')).toBe(
      'https://play.example/register?referralCode=AB23CD45',
    );
    expect(referralLinkOf('http://127.0.0.1:8080', 'A&B')).toBe('http://127.0.0.1:8080/register?referralCode=A%26B');
  });

  it('is sent whole to messaging apps and e-mail, with the message beside it', () => {
    const link = 'https://play.example/register?referralCode=AB23CD45';
    expect(shareHrefOf('telegram', link, 'Join me')).toBe(
      'https://t.me/share/url?url=https%3A%2F%2Fplay.example%2Fregister%3FreferralCode%3DAB23CD45&text=Join%20me',
    );
    expect(shareHrefOf('whatsapp', link, 'Join me')).toBe(
      'https://wa.me/?text=Join%20me%20https%3A%2F%2Fplay.example%2Fregister%3FreferralCode%3DAB23CD45',
    );
    expect(shareHrefOf('email', link, 'Join me')).toBe(
      'mailto:?subject=Join%20me&body=https%3A%2F%2Fplay.example%2Fregister%3FreferralCode%3DAB23CD45',
    );
  });
});
