import type { AdminVendor } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../shared/api/api-error';
import { applySortChanges, sortChangesForMove } from '../../../shared/lists/sort-moves';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import table from '../../../shared/ui/data-table.module.css';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { Switch } from '../../../shared/ui/switch';
import { useCatalogueVendors, useUpdateVendor } from '../api/catalogue-queries';
import styles from './catalogue.module.css';

export interface VendorTableProps {
  code: string;
  canManage: boolean;
}

/** The merchant's vendors: enable, maintenance, order and display name, each change audited by the server. */
export const VendorTable = ({ code, canManage }: VendorTableProps) => {
  const { t } = useTranslation();
  const vendors = useCatalogueVendors(code);
  const update = useUpdateVendor(code);
  const [renaming, setRenaming] = useState<{ vassalage: string; name: string } | null>(null);
  if (vendors.isPending) return <LoadingState />;
  if (vendors.isError) return <ErrorState error={vendors.error} onRetry={() => void vendors.refetch()} />;
  if (vendors.data.length === 0) return <EmptyState message={t('catalogue.noVendors')} />;
  const list = [...vendors.data].sort((a, b) => a.sort - b.sort || a.vassalage.localeCompare(b.vassalage));

  const handleMove = (index: number, step: -1 | 1) => {
    const changes = sortChangesForMove(list, index, step, (vendor) => vendor.sort);
    if (!changes) return;
    // A refusal shows through update.error.
    applySortChanges(changes, ({ item, sort }) => update.mutateAsync({ vassalage: item.vassalage, sort })).catch(
      () => {},
    );
  };

  const handleRename = (vendor: AdminVendor) => {
    if (!renaming) return;
    const name = renaming.name.trim();
    update.mutate(
      { vassalage: vendor.vassalage, displayName: name === '' ? null : name },
      { onSuccess: () => setRenaming(null) },
    );
  };

  return (
    <div className={styles.stack}>
      {update.isError ? <Alert tone="danger">{t(`errors.${errorCodeOf(update.error)}`)}</Alert> : null}
      <div className={table.wrap}>
        <table className={table.table} data-catalogue-vendors="">
          <thead>
            <tr>
              <th scope="col">{t('catalogue.vendor')}</th>
              <th scope="col">{t('catalogue.categories')}</th>
              <th scope="col">{t('catalogue.gameCount')}</th>
              <th scope="col">{t('catalogue.enabled')}</th>
              <th scope="col">{t('catalogue.maintenance')}</th>
              <th scope="col">{t('catalogue.order')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((vendor, index) => (
              <tr key={vendor.vassalage} data-vendor={vendor.vassalage}>
                <td data-label={t('catalogue.vendor')}>
                  <span className={styles.identity}>
                    {vendor.logoUrl ? <img src={vendor.logoUrl} alt="" className={styles.logo} /> : null}
                    {renaming?.vassalage === vendor.vassalage ? (
                      <form
                        className={styles.rename}
                        onSubmit={(event) => {
                          event.preventDefault();
                          handleRename(vendor);
                        }}
                      >
                        <input
                          className={styles.input}
                          value={renaming.name}
                          maxLength={60}
                          aria-label={t('catalogue.displayName')}
                          onChange={(event) => setRenaming({ ...renaming, name: event.target.value })}
                        />
                        <Button size="sm" variant="primary" type="submit" isBusy={update.isPending}>
                          {t('common.save')}
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => setRenaming(null)}>
                          {t('common.cancel')}
                        </Button>
                      </form>
                    ) : (
                      <span className={styles.names}>
                        <span className={styles.strong}>{vendor.displayName}</span>
                        <span className={table.mono}>{vendor.vassalage}</span>
                      </span>
                    )}
                    {canManage && renaming?.vassalage !== vendor.vassalage ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setRenaming({ vassalage: vendor.vassalage, name: vendor.displayName })}
                      >
                        {t('catalogue.rename')}
                      </Button>
                    ) : null}
                  </span>
                </td>
                <td data-label={t('catalogue.categories')}>{vendor.gameTypes.join(', ')}</td>
                <td data-label={t('catalogue.gameCount')}>{vendor.gameCount}</td>
                <td data-label={t('catalogue.enabled')}>
                  <Switch
                    isOn={vendor.enabled}
                    label={t('catalogue.enabledOf', { name: vendor.displayName })}
                    isDisabled={!canManage || update.isPending}
                    onChange={(enabled) => update.mutate({ vassalage: vendor.vassalage, enabled })}
                  />
                </td>
                <td data-label={t('catalogue.maintenance')}>
                  <Switch
                    isOn={vendor.maintenance}
                    tone="warning"
                    label={t('catalogue.maintenanceOf', { name: vendor.displayName })}
                    isDisabled={!canManage || update.isPending}
                    onChange={(maintenance) => update.mutate({ vassalage: vendor.vassalage, maintenance })}
                  />
                </td>
                <td data-label={t('catalogue.order')}>
                  <span className={styles.order}>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={!canManage || index === 0 || update.isPending}
                      aria-label={t('catalogue.moveUp', { name: vendor.displayName })}
                      onClick={() => handleMove(index, -1)}
                    >
                      ↑
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={!canManage || index === list.length - 1 || update.isPending}
                      aria-label={t('catalogue.moveDown', { name: vendor.displayName })}
                      onClick={() => handleMove(index, 1)}
                    >
                      ↓
                    </Button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
};
