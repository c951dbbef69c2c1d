import { type AdminGame, gameCategories } from '@tessera/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../shared/api/api-error';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import table from '../../../shared/ui/data-table.module.css';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { Pagination } from '../../../shared/ui/pagination';
import { Switch } from '../../../shared/ui/switch';
import { useCatalogueGames, useCatalogueVendors, useReorderGames, useUpdateGame } from '../api/catalogue-queries';
import { movedOrder } from '../lib/reorder';
import styles from './catalogue.module.css';
import { GameEditDialog } from './game-edit-dialog';

export interface GameTableProps {
  code: string;
  canManage: boolean;
  /** The operator's language, for the name shown first. */
  language: string;
}

const PAGE_SIZE = 50;
const TYPING_PAUSE_MS = 350;

const nameOf = (game: AdminGame, language: string) =>
  game.names[language] ?? game.names.EN ?? game.catalogueNames[language] ?? game.catalogueNames.EN ?? game.gameCode;

/** The merchant's games in lobby order: filter, search, enable, hot, maintenance, reorder and edit. */
export const GameTable = ({ code, canManage, language }: GameTableProps) => {
  const { t } = useTranslation();
  const ids = useId();
  const [gameType, setGameType] = useState('');
  const [vassalage, setVassalage] = useState('');
  const [q, setQ] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [editing, setEditing] = useState<AdminGame | null>(null);
  const settledQ = useDebouncedValue(q.trim(), TYPING_PAUSE_MS);
  const vendors = useCatalogueVendors(code);
  const games = useCatalogueGames(code, {
    gameType: gameType || undefined,
    vassalage: vassalage || undefined,
    q: settledQ || undefined,
    pageNo,
    pageSize: PAGE_SIZE,
  });
  const update = useUpdateGame(code);
  const reorder = useReorderGames(code);
  const failure = update.error ?? reorder.error;
  const isBusy = update.isPending || reorder.isPending;

  const handleMove = (nodeId: string, step: -1 | 1) => {
    const order = movedOrder(games.data?.list.map((game) => game.nodeId) ?? [], nodeId, step);
    if (order) reorder.mutate(order);
  };

  return (
    <div className={styles.stack}>
      <div className={styles.filters}>
        <label className={styles.filter} htmlFor={`${ids}-type`}>
          <span>{t('catalogue.category')}</span>
          <select
            id={`${ids}-type`}
            className={styles.input}
            value={gameType}
            onChange={(event) => {
              setGameType(event.target.value);
              setPageNo(1);
            }}
          >
            <option value="">{t('catalogue.all')}</option>
            {gameCategories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter} htmlFor={`${ids}-vendor`}>
          <span>{t('catalogue.vendor')}</span>
          <select
            id={`${ids}-vendor`}
            className={styles.input}
            value={vassalage}
            onChange={(event) => {
              setVassalage(event.target.value);
              setPageNo(1);
            }}
          >
            <option value="">{t('catalogue.all')}</option>
            {(vendors.data ?? []).map((vendor) => (
              <option key={vendor.vassalage} value={vendor.vassalage}>
                {vendor.displayName}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter} htmlFor={`${ids}-q`}>
          <span>{t('catalogue.search')}</span>
          <input
            id={`${ids}-q`}
            type="search"
            className={styles.input}
            value={q}
            maxLength={100}
            placeholder={t('catalogue.searchHint')}
            onChange={(event) => {
              setQ(event.target.value);
              setPageNo(1);
            }}
            data-catalogue-search=""
          />
        </label>
      </div>
      {failure ? <Alert tone="danger">{t(`errors.${errorCodeOf(failure)}`)}</Alert> : null}
      {games.isPending ? (
        <LoadingState />
      ) : games.isError ? (
        <ErrorState error={games.error} onRetry={() => void games.refetch()} />
      ) : games.data.list.length === 0 ? (
        <EmptyState message={t('catalogue.noGames')} />
      ) : (
        <>
          <div className={table.wrap}>
            <table className={table.table} data-catalogue-games="">
              <thead>
                <tr>
                  <th scope="col">{t('catalogue.game')}</th>
                  <th scope="col">{t('catalogue.vendor')}</th>
                  <th scope="col">{t('catalogue.enabled')}</th>
                  <th scope="col">{t('catalogue.hot')}</th>
                  <th scope="col">{t('catalogue.maintenance')}</th>
                  <th scope="col">{t('catalogue.order')}</th>
                  <th scope="col">{t('common.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {games.data.list.map((game, index, list) => {
                  const name = nameOf(game, language);
                  return (
                    <tr key={game.nodeId} data-game={game.nodeId}>
                      <td data-label={t('catalogue.game')}>
                        <span className={styles.identity}>
                          <img src={game.iconUrl} alt="" className={styles.art} loading="lazy" />
                          <span className={styles.names}>
                            <span className={styles.strong}>{name}</span>
                            <span className={table.mono}>
                              {game.gameCode} · {game.gameType}
                              {game.gameClassify ? ` · ${game.gameClassify}` : ''}
                            </span>
                            {game.supportPlay === 0 ? <Badge tone="info">{t('catalogue.freeTrial')}</Badge> : null}
                          </span>
                        </span>
                      </td>
                      <td data-label={t('catalogue.vendor')} className={table.mono}>
                        {game.vassalage}
                      </td>
                      <td data-label={t('catalogue.enabled')}>
                        <Switch
                          isOn={game.enabled}
                          label={t('catalogue.enabledOf', { name })}
                          isDisabled={!canManage || isBusy}
                          onChange={(enabled) => update.mutate({ nodeId: game.nodeId, enabled })}
                        />
                      </td>
                      <td data-label={t('catalogue.hot')}>
                        <Switch
                          isOn={game.isHot}
                          tone="danger"
                          label={t('catalogue.hotOf', { name })}
                          isDisabled={!canManage || isBusy}
                          onChange={(isHot) => update.mutate({ nodeId: game.nodeId, isHot })}
                        />
                      </td>
                      <td data-label={t('catalogue.maintenance')}>
                        <Switch
                          isOn={game.maintenance}
                          tone="warning"
                          label={t('catalogue.maintenanceOf', { name })}
                          isDisabled={!canManage || isBusy}
                          onChange={(maintenance) => update.mutate({ nodeId: game.nodeId, maintenance })}
                        />
                      </td>
                      <td data-label={t('catalogue.order')}>
                        <span className={styles.order}>
                          <Button
                            size="sm"
                            variant="ghost"
                            disabled={!canManage || index === 0 || isBusy}
                            aria-label={t('catalogue.moveUp', { name })}
                            onClick={() => handleMove(game.nodeId, -1)}
                          >
                            ↑
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            disabled={!canManage || index === list.length - 1 || isBusy}
                            aria-label={t('catalogue.moveDown', { name })}
                            onClick={() => handleMove(game.nodeId, 1)}
                          >
                            ↓
                          </Button>
                        </span>
                      </td>
                      <td data-label={t('common.actions')}>
                        {canManage ? (
                          <Button size="sm" onClick={() => setEditing(game)}>
                            {t('common.edit')}
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {games.data.totalPages > 1 ? (
            <Pagination
              pageNo={pageNo}
              totalPages={games.data.totalPages}
              isDisabled={games.isFetching}
              onChange={setPageNo}
            />
          ) : null}
        </>
      )}
      <GameEditDialog code={code} game={editing} onClose={() => setEditing(null)} />
    </div>
  );
};
