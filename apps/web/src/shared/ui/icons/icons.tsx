import { createIcons, type IconProps } from '@tessera/ui/icons';

export type { IconProps };

/** The member site draws icons at 20 px, stroke 1.8. */
export const {
  CheckIcon,
  ChevronDownIcon,
  CloseIcon,
  CoinsIcon,
  CopyIcon,
  DownloadIcon,
  EyeIcon,
  EyeOffIcon,
  GamepadIcon,
  GiftIcon,
  GlobeIcon,
  HeadsetIcon,
  HelpIcon,
  HistoryIcon,
  HomeIcon,
  InboxIcon,
  KeyIcon,
  LinkOffIcon,
  LockIcon,
  LogOutIcon,
  MailIcon,
  MenuIcon,
  MoonIcon,
  RefreshIcon,
  ShieldIcon,
  SmartphoneIcon,
  SunIcon,
  TicketIcon,
  UserIcon,
  UsersIcon,
  WifiOffIcon,
  WrenchIcon,
} = createIcons({ size: 20, strokeWidth: 1.8 });
