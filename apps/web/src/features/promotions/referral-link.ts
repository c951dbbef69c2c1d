/** The member's referral link on the site it is using: registration with its code (spec section 2, /register). */
export const referralLinkOf = (origin: string, referralCode: string): string =>
  `${origin}/register?referralCode=${encodeURIComponent(referralCode)}`;

export type ShareTarget = 'telegram' | 'whatsapp' | 'email';

/** Where the link can be sent when the device offers no share sheet: messaging apps' share addresses and e-mail. */
export const shareHrefOf = (target: ShareTarget, link: string, message: string): string => {
  const encoded = (text: string) => encodeURIComponent(text);
  switch (target) {
    case 'telegram':
      return `https://t.me/share/url?url=${encoded(link)}&text=${encoded(message)}`;
    case 'whatsapp':
      return `https://wa.me/?text=${encoded(`${message} ${link}`)}`;
    case 'email':
      return `mailto:?subject=${encoded(message)}&body=${encoded(link)}`;
  }
};
