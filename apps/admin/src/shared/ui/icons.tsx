import { createIcons, type IconProps } from '@tessera/ui/icons';

export type { IconProps };

/** The back office draws icons at 16 px, stroke 2. */
export const {
  BellIcon,
  CheckIcon,
  ChevronIcon,
  CloseIcon,
  CoinsIcon,
  CopyIcon,
  CrownIcon,
  ExternalIcon,
  GamepadIcon,
  GiftIcon,
  GlobeIcon,
  InboxIcon,
  KeyIcon,
  ListIcon,
  LockIcon,
  LogoutIcon,
  MailIcon,
  MemberSearchIcon,
  MenuIcon,
  MessageIcon,
  MoonIcon,
  PlusIcon,
  SearchIcon,
  ShieldIcon,
  StoreIcon,
  SunIcon,
  TicketIcon,
  TrashIcon,
  UnlockIcon,
  UploadIcon,
  UsersIcon,
  WalletIcon,
} = createIcons({ size: 16, strokeWidth: 2 });
