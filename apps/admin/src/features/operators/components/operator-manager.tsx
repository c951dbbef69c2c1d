import type { Operator } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import table from '../../../shared/ui/data-table.module.css';
import { PlusIcon } from '../../../shared/ui/icons';
import { PageHeader } from '../../../shared/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { useOperators } from '../api/list-operators';
import { CreateOperatorDialog } from './create-operator-dialog';
import { EditOperatorDialog } from './edit-operator-dialog';

export interface OperatorManagerProps {
  actor: Operator;
  merchantCodes: readonly string[];
}

/** Operator accounts: list, create, edit (owners only; the server checks it too). */
export const OperatorManager = ({ actor, merchantCodes }: OperatorManagerProps) => {
  const { t } = useTranslation();
  const operators = useOperators();
  const [isCreating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Operator | null>(null);
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <>
      <PageHeader
        title={t('operators.title')}
        description={t('operators.description')}
        actions={
          <Button variant="primary" icon={<PlusIcon />} onClick={() => setCreating(true)}>
            {t('operators.new')}
          </Button>
        }
      />
      {operators.isPending ? <LoadingState /> : null}
      {operators.isError ? <ErrorState error={operators.error} onRetry={() => void operators.refetch()} /> : null}
      {operators.data?.length === 0 ? <EmptyState message={t('operators.empty')} /> : null}
      {operators.data && operators.data.length > 0 ? (
        <div className={table.wrap}>
          <table className={table.table}>
            <thead>
              <tr>
                <th scope="col">{t('operators.username')}</th>
                <th scope="col">{t('operators.displayName')}</th>
                <th scope="col">{t('operators.role')}</th>
                <th scope="col">{t('operators.scope')}</th>
                <th scope="col">{t('operators.status')}</th>
                <th scope="col">{t('operators.lastLogin')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {operators.data.map((operator) => (
                <tr key={operator.id} data-operator={operator.username}>
                  <td data-label={t('operators.username')} className={table.mono}>
                    {operator.username}
                  </td>
                  <td data-label={t('operators.displayName')}>{operator.displayName}</td>
                  <td data-label={t('operators.role')}>
                    <Badge tone="info">{t(`roles.${operator.role}`)}</Badge>
                  </td>
                  <td data-label={t('operators.scope')} className={table.muted}>
                    {operator.merchantCode
                      ? t('operators.scopeOne', { code: operator.merchantCode })
                      : t('operators.scopeAll')}
                  </td>
                  <td data-label={t('operators.status')}>
                    {operator.enabled ? (
                      <Badge tone="success">{t('operators.enabled')}</Badge>
                    ) : (
                      <Badge tone="neutral">{t('operators.disabled')}</Badge>
                    )}
                  </td>
                  <td data-label={t('operators.lastLogin')} className={`${table.muted} ${table.nowrap}`}>
                    {operator.lastLoginAt ? formatTime.format(Date.parse(operator.lastLoginAt)) : t('operators.never')}
                  </td>
                  <td className={table.actions}>
                    <Button size="sm" onClick={() => setEditing(operator)}>
                      {t('common.edit')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <CreateOperatorDialog
        isOpen={isCreating}
        onClose={() => setCreating(false)}
        actorMerchantCode={actor.merchantCode}
        merchantCodes={actor.merchantCode ? [actor.merchantCode] : merchantCodes}
      />
      {editing ? (
        <EditOperatorDialog operator={editing} isSelf={editing.id === actor.id} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
};
