import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  isBusy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}

export const ConfirmDialog = ({
  isOpen,
  title,
  confirmLabel,
  tone = 'primary',
  isBusy = false,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) => {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={isOpen}
      title={title}
      onClose={onCancel}
      footer={
        <>
          <Button onClick={onCancel} disabled={isBusy}>
            {t('common.cancel')}
          </Button>
          <Button variant={tone} onClick={onConfirm} isBusy={isBusy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
};
