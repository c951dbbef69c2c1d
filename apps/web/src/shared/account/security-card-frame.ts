import type { ComponentType, ReactNode } from 'react';

/** One security setting row of My account: what it is, whether it is on, and its form, opened in place. */
export interface SettingRowProps {
  name: string;
  icon: ReactNode;
  title: string;
  status: string;
  isOn: boolean;
  actionLabel: string;
  isOpen: boolean;
  onToggle: () => void;
  /** A message after a change (e.g. "password changed"), shown under the row. */
  notice?: ReactNode;
  /** The form shown while open. */
  children: ReactNode;
}

/**
 * What My account lends a card another feature adds (linked sign-ins), composed by the app layer: its card and its
 * setting row, so the card looks like its neighbours without a feature importing another.
 */
export interface SecurityCardFrame {
  Card: ComponentType<{ name: string; title: string; children: ReactNode }>;
  Row: ComponentType<SettingRowProps>;
}
