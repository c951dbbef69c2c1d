import { useState } from 'react';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import { useGameList } from '../api/get-game-list';
import type { LobbyGame } from '../game-item';
import { LOBBY_PAGE_SIZE } from '../lobby/lobby-rules';
import { useLobbyLanguage } from '../use-lobby-language';
import { GameGrid } from './game-grid';
import { LobbyPagination } from './lobby-pagination';
import styles from './vendor-games-dialog.module.css';

export interface VendorGamesDialogProps {
  target: { vassalage: string; gameType: string; title: string } | null;
  favouriteIds: ReadonlySet<string>;
  onClose: () => void;
  onPlay: (game: LobbyGame, mode: 'real' | 'trial') => void;
  onToggleFavourite: (game: LobbyGame) => void;
}

/** The game popup (spec section 2 "Modals"): a VASSALAGE entry's provider games, paged like the lobby. */
export const VendorGamesDialog = ({ target, ...rest }: VendorGamesDialogProps) => (
  <Dialog name="vendor-games" isOpen={target !== null} onClose={rest.onClose} title={target?.title ?? ''} size="lg">
    {target ? <VendorGames key={`${target.gameType}:${target.vassalage}`} target={target} {...rest} /> : null}
  </Dialog>
);

const VendorGames = ({
  target,
  favouriteIds,
  onPlay,
  onToggleFavourite,
}: Omit<VendorGamesDialogProps, 'target' | 'onClose'> & { target: NonNullable<VendorGamesDialogProps['target']> }) => {
  const language = useLobbyLanguage();
  const [pageNo, setPageNo] = useState(1);
  const { data, isFetching } = useGameList({
    gameType: target.gameType,
    vassalage: target.vassalage,
    pageNo,
    pageSize: LOBBY_PAGE_SIZE,
    language,
  });
  const totalPages = data?.totalPages ?? 0;
  return (
    <div className={styles.body}>
      <GameGrid
        games={data?.games ?? []}
        isLoading={isFetching}
        favouriteIds={favouriteIds}
        onPlay={onPlay}
        onToggleFavourite={onToggleFavourite}
      />
      <LobbyPagination
        pageNo={pageNo}
        totalPages={totalPages}
        onPage={(page) => {
          if (page >= 1 && page <= totalPages) setPageNo(page);
        }}
      />
    </div>
  );
};
