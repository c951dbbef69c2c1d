import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  isBusy?: boolean;
  icon?: ReactNode;
}

export const Button = ({
  variant = 'secondary',
  size = 'md',
  isBusy = false,
  icon,
  type = 'button',
  className,
  disabled,
  children,
  ...rest
}: ButtonProps) => (
  <button
    type={type}
    className={[styles.button, styles[variant], styles[size], className].filter(Boolean).join(' ')}
    disabled={disabled || isBusy}
    aria-busy={isBusy || undefined}
    {...rest}
  >
    {isBusy ? <span className={styles.spinner} aria-hidden="true" /> : icon}
    {children}
  </button>
);
