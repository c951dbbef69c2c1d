import type { ReactElement, ReactNode, SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

/** Each line icon's drawing on a 24 px grid, shared by the member site and the back office. */
const drawings = {
  Bank: (
    <>
      <path d="M3 10l9-6 9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18" />
    </>
  ),
  Card: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 10h18M7 15h3" />
    </>
  ),
  Bell: (
    <>
      <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4l2-2z" />
      <path d="M10 20a2 2 0 0 0 4 0" />
    </>
  ),
  Check: (
    <>
      <path d="M5 12l5 5 9-10" />
    </>
  ),
  ChevronDown: (
    <>
      <path d="M6 9l6 6 6-6" />
    </>
  ),
  Chevron: (
    <>
      <path d="M9 6l6 6-6 6" />
    </>
  ),
  Close: (
    <>
      <path d="M6 6l12 12M18 6L6 18" />
    </>
  ),
  Coins: (
    <>
      <ellipse cx="9" cy="7" rx="6" ry="3" />
      <path d="M3 7v5c0 1.7 2.7 3 6 3s6-1.3 6-3V7" />
      <path d="M9 15v2c0 1.7 2.7 3 6 3s6-1.3 6-3v-5c0-1.7-2.7-3-6-3" />
    </>
  ),
  Copy: (
    <>
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
    </>
  ),
  Crown: (
    <>
      <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 10H5L3 8zM5 21h14" />
    </>
  ),
  Crypto: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M10 7v10M13 7v1.5M13 15.5V17M9 8.5h4.5a2 2 0 0 1 0 4H9m0 0h5a2 2 0 0 1 0 4H9" />
    </>
  ),
  Download: (
    <>
      <path d="M12 3v12M7 10l5 5 5-5M4 21h16" />
    </>
  ),
  External: (
    <>
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 01-1 1H5a1 1 0 01-1-1V7a1 1 0 011-1h5" />
    </>
  ),
  Eye: (
    <>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  EyeOff: (
    <>
      <path d="M3 3l18 18M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.2M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </>
  ),
  Gamepad: (
    <>
      <rect x="2" y="7" width="20" height="11" rx="5" />
      <path d="M7 11v3M5.5 12.5h3M15.5 12h.01M18 14h.01" />
    </>
  ),
  Flame: (
    <>
      <path d="M12 22c4 0 7-2.7 7-6.6 0-3.2-2-5.6-4-7.4-.4 2-1.4 3.2-2.6 3.6C12.8 8.2 11.5 5 9 2.5 9 6 5 9 5 15.4 5 19.3 8 22 12 22z" />
    </>
  ),
  Gift: (
    <>
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M5 12v8h14v-8M12 8v12" />
      <path d="M12 8c-1.5-3-5-3.5-5-1.5S10 8 12 8zM12 8c1.5-3 5-3.5 5-1.5S14 8 12 8z" />
    </>
  ),
  Globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </>
  ),
  Headset: (
    <>
      <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
      <rect x="3" y="14" width="4" height="6" rx="1.5" />
      <rect x="17" y="14" width="4" height="6" rx="1.5" />
      <path d="M19 20a3 3 0 0 1-3 2h-3" />
    </>
  ),
  Heart: (
    <>
      <path d="M12 20.5s-8-4.9-8-10.6A4.4 4.4 0 0 1 12 7.3a4.4 4.4 0 0 1 8 2.6c0 5.7-8 10.6-8 10.6z" />
    </>
  ),
  Help: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7v.5M12 17h.01" />
    </>
  ),
  History: (
    <>
      <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
      <path d="M3 3v5h5M12 7v5l3 3" />
    </>
  ),
  Home: (
    <>
      <path d="M3 11l9-7 9 7" />
      <path d="M5 10v10h5v-6h4v6h5V10" />
    </>
  ),
  Inbox: (
    <>
      <path d="M3 13l3-8h12l3 8v6H3z" />
      <path d="M3 13h5l1 2h6l1-2h5" />
    </>
  ),
  Key: (
    <>
      <circle cx="8" cy="15" r="4" />
      <path d="M10.8 12.2L20 3M16 7l3 3M18 5l2 2" />
    </>
  ),
  LinkOff: (
    <>
      <path d="M9 17H7a5 5 0 0 1 0-10h2M15 7h2a5 5 0 0 1 4 8M8 12h4M3 3l18 18" />
    </>
  ),
  List: (
    <>
      <path d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" />
    </>
  ),
  Lock: (
    <>
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </>
  ),
  LogOut: (
    <>
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
    </>
  ),
  Logout: (
    <>
      <path d="M15 4h4a1 1 0 011 1v14a1 1 0 01-1 1h-4M10 17l-5-5 5-5M5 12h11" />
    </>
  ),
  Mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 7l9 6 9-6" />
    </>
  ),
  MemberSearch: (
    <>
      <circle cx="9" cy="8" r="4" />
      <path d="M2 21c0-3.9 3.1-7 7-7 1.2 0 2.3.3 3.3.8" />
      <circle cx="17.5" cy="17.5" r="3" />
      <path d="M22 22l-2.3-2.3" />
    </>
  ),
  Menu: (
    <>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </>
  ),
  Message: (
    <>
      <path d="M4 5h16v11H9l-5 4V5z" />
      <path d="M8 9h8M8 12h5" />
    </>
  ),
  Moon: (
    <>
      <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />
    </>
  ),
  Pause: (
    <>
      <path d="M9 6v12M15 6v12" />
    </>
  ),
  Play: (
    <>
      <path d="M8 5l11 7-11 7z" />
    </>
  ),
  Plus: (
    <>
      <path d="M12 5v14M5 12h14" />
    </>
  ),
  Refresh: (
    <>
      <path d="M20 11a8 8 0 0 0-14.6-4.5L4 8M4 13a8 8 0 0 0 14.6 4.5L20 16" />
      <path d="M4 4v4h4M20 20v-4h-4" />
    </>
  ),
  Search: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-4-4" />
    </>
  ),
  Shield: (
    <>
      <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z" />
    </>
  ),
  /** Social networks (the footer's links), drawn as what they are for, not as anyone's logo. */
  SocialAt: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M16 8v5a3 3 0 0 0 6 0v-1a10 10 0 1 0-4 8" />
    </>
  ),
  SocialCamera: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </>
  ),
  SocialSend: (
    <>
      <path d="M21 3L3 10.5l7 2.5 2.5 7L21 3z" />
      <path d="M10 13l4.5-4.5" />
    </>
  ),
  SocialVideo: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="M10 9v6l5-3-5-3z" />
    </>
  ),
  Smartphone: (
    <>
      <rect x="6" y="2" width="12" height="20" rx="2" />
      <path d="M11 18h2" />
    </>
  ),
  Store: (
    <>
      <path d="M3 9l1.5-5h15L21 9M3 9h18M3 9v11h18V9M9 20v-6h6v6" />
    </>
  ),
  Sun: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </>
  ),
  Ticket: (
    <>
      <path d="M3 8a2 2 0 0 0 0 4v4h18v-4a2 2 0 0 1 0-4V4H3z" transform="translate(0 2)" />
      <path d="M13 6v2M13 11v2M13 16v2" />
    </>
  ),
  Transfer: (
    <>
      <path d="M4 8h14M14 4l4 4-4 4M20 16H6M10 12l-4 4 4 4" />
    </>
  ),
  Trophy: (
    <>
      <path d="M8 4h8v5a4 4 0 0 1-8 0V4zM8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8.5 20h7M10 17h4" />
    </>
  ),
  Trash: (
    <>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </>
  ),
  Unlock: (
    <>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 017.7-1.5" />
    </>
  ),
  Upload: (
    <>
      <path d="M12 16V4M7 9l5-5 5 5M4 20h16" />
    </>
  ),
  User: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>
  ),
  Users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
      <path d="M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6.5 6.5 0 0 1 3.5 6" />
    </>
  ),
  Wallet: (
    <>
      <path d="M19 7V5a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h14a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H5a2 2 0 0 1-2-2V6" />
      <path d="M16 14h.01" />
    </>
  ),
  WifiOff: (
    <>
      <path d="M2 2l20 20M8.5 16.5a5 5 0 0 1 7 0M5 13a10 10 0 0 1 5.2-2.8M19 13a10 10 0 0 0-2.4-1.7M2 8.8a15 15 0 0 1 4.2-2.6M22 8.8A15 15 0 0 0 11 5M12 20h.01" />
    </>
  ),
  Wrench: (
    <>
      <path d="M14.7 6.3a4 4 0 0 0-5.4 5.2L3 17.8 6.2 21l6.3-6.3a4 4 0 0 0 5.2-5.4l-2.6 2.6-2.8-.7-.7-2.8z" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof drawings;

/**
 * The icon set drawn at an app's own size and weight (the back office is denser than the member site). Icons
 * take the text colour and hide from assistive technology.
 */
export const createIcons = (defaults: { size: number; strokeWidth: number }) => {
  const make = (name: IconName) => {
    // biome-ignore lint/correctness/noComponentHookFactories: each app calls createIcons once at module load, never while rendering.
    const IconComponent = (props: IconProps): ReactElement => (
      <svg
        viewBox="0 0 24 24"
        width={defaults.size}
        height={defaults.size}
        fill="none"
        stroke="currentColor"
        strokeWidth={defaults.strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {drawings[name]}
      </svg>
    );
    IconComponent.displayName = `${name}Icon`;
    return IconComponent;
  };
  return {
    BankIcon: make('Bank'),
    CardIcon: make('Card'),
    BellIcon: make('Bell'),
    CheckIcon: make('Check'),
    ChevronDownIcon: make('ChevronDown'),
    ChevronIcon: make('Chevron'),
    CloseIcon: make('Close'),
    CoinsIcon: make('Coins'),
    CopyIcon: make('Copy'),
    CrownIcon: make('Crown'),
    CryptoIcon: make('Crypto'),
    DownloadIcon: make('Download'),
    ExternalIcon: make('External'),
    EyeIcon: make('Eye'),
    EyeOffIcon: make('EyeOff'),
    GamepadIcon: make('Gamepad'),
    FlameIcon: make('Flame'),
    GiftIcon: make('Gift'),
    GlobeIcon: make('Globe'),
    HeadsetIcon: make('Headset'),
    HeartIcon: make('Heart'),
    HelpIcon: make('Help'),
    HistoryIcon: make('History'),
    HomeIcon: make('Home'),
    InboxIcon: make('Inbox'),
    KeyIcon: make('Key'),
    LinkOffIcon: make('LinkOff'),
    ListIcon: make('List'),
    LockIcon: make('Lock'),
    LogOutIcon: make('LogOut'),
    LogoutIcon: make('Logout'),
    MailIcon: make('Mail'),
    MemberSearchIcon: make('MemberSearch'),
    MenuIcon: make('Menu'),
    MessageIcon: make('Message'),
    MoonIcon: make('Moon'),
    PauseIcon: make('Pause'),
    PlayIcon: make('Play'),
    PlusIcon: make('Plus'),
    RefreshIcon: make('Refresh'),
    SearchIcon: make('Search'),
    ShieldIcon: make('Shield'),
    SmartphoneIcon: make('Smartphone'),
    SocialAtIcon: make('SocialAt'),
    SocialCameraIcon: make('SocialCamera'),
    SocialSendIcon: make('SocialSend'),
    SocialVideoIcon: make('SocialVideo'),
    StoreIcon: make('Store'),
    SunIcon: make('Sun'),
    TicketIcon: make('Ticket'),
    TransferIcon: make('Transfer'),
    TrashIcon: make('Trash'),
    TrophyIcon: make('Trophy'),
    UnlockIcon: make('Unlock'),
    UploadIcon: make('Upload'),
    UserIcon: make('User'),
    UsersIcon: make('Users'),
    WalletIcon: make('Wallet'),
    WifiOffIcon: make('WifiOff'),
    WrenchIcon: make('Wrench'),
  };
};
