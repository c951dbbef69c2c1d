import type { ComponentPropsWithRef, ReactNode } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'outline';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: ReactNode;
  isBlock?: boolean;
}

export const Button = ({
  variant = 'primary',
  size = 'md',
  icon,
  isBlock = false,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) => (
  <button
    type={type}
    className={[styles.button, styles[variant], styles[size], isBlock ? styles.block : '', className ?? '']
      .filter(Boolean)
      .join(' ')}
    {...rest}
  >
    {icon ? <span className={styles.icon}>{icon}</span> : null}
    {children}
  </button>
);

export interface IconButtonProps extends ComponentPropsWithRef<'button'> {
  /** The accessible name; icon buttons have no visible text. */
  label: string;
  children: ReactNode;
}

export const IconButton = ({ label, className, children, type = 'button', ...rest }: IconButtonProps) => (
  <button
    type={type}
    aria-label={label}
    title={label}
    className={[styles.iconButton, className ?? ''].filter(Boolean).join(' ')}
    {...rest}
  >
    {children}
  </button>
);
