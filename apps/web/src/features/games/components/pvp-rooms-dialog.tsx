import type { PvpRoom } from '@tessera/contracts';
import { isApiError } from '../../../shared/api/api-error';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Alert } from '../../../shared/ui/alert/alert';
import { Button } from '../../../shared/ui/button/button';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { usePvpRooms } from '../api/get-pvp-rooms';
import { useGamesTranslation } from '../use-games-translation';
import { useLobbyLanguage } from '../use-lobby-language';
import styles from './pvp-rooms-dialog.module.css';

export interface PvpRoomsDialogProps {
  game: { nodeId: string; name: string } | null;
  onClose: () => void;
  onEnter: (roomId: string) => void;
}

/** An amount kept whole inside a sentence of the other direction (Unicode first-strong isolate). */
const isolated = (text: string) => `\u2068${text}\u2069`;

export const pvpLevelKeys: Readonly<Record<PvpRoom['level'], string>> = {
  beginner: 'pvp_level_beginner',
  intermediate: 'pvp_level_intermediate',
  advanced: 'pvp_level_advanced',
  vip: 'pvp_level_vip',
};

/** A PVP game's rooms (GLS2_roomList): each stake level with its range and the members playing now; Enter starts it. */
export const PvpRoomsDialog = ({ game, onClose, onEnter }: PvpRoomsDialogProps) => {
  const { t } = useGamesTranslation();
  return (
    <Dialog name="pvp-rooms" isOpen={game !== null} onClose={onClose} title={game?.name ?? ''}>
      {game ? <Rooms nodeId={game.nodeId} onEnter={onEnter} caption={t('pvp_choose_room')} /> : null}
    </Dialog>
  );
};

const Rooms = ({ nodeId, caption, onEnter }: { nodeId: string; caption: string; onEnter: (id: string) => void }) => {
  const { t } = useGamesTranslation();
  const formatMoney = useFormatMoney();
  const { data, error, isFetching } = usePvpRooms(nodeId, useLobbyLanguage());
  if (error) {
    return (
      <Alert tone="danger" name="rooms-error">
        {t(isApiError(error) ? error.code : 'unknown_error', { ns: 'errors' })}
      </Alert>
    );
  }
  if (!data) return isFetching ? <InlineLoader /> : null;
  return (
    <div className={styles.body}>
      <p className={styles.caption}>{caption}</p>
      <ul className={styles.rooms} data-pvp-rooms="">
        {data.map((room) => (
          <li key={room.roomId} className={styles.room} data-room={room.level}>
            <span className={styles.level}>{t(pvpLevelKeys[room.level])}</span>
            <span className={styles.stakes}>
              {t('pvp_room_stakes', {
                min: isolated(formatMoney(room.minBet, room.currency)),
                max: isolated(formatMoney(room.maxBet, room.currency)),
              })}
            </span>
            <span className={styles.players} data-players={room.players}>
              {t('pvp_room_players', { players: room.players })}
            </span>
            <Button size="sm" onClick={() => onEnter(room.roomId)}>
              {t('pvp_room_enter')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
};
