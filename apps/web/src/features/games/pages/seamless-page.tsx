import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { GamepadIcon } from '../../../shared/ui/icons/icons';
import { PageFrame } from '../../../shared/ui/page-frame/page-frame';

/** /seamless (lazy group Seamless): the page a launched game plays in; no side menu, no footer. */
export const SeamlessPage = () => {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('in_game_center')} icon={<GamepadIcon />}>
      <EmptyState />
    </PageFrame>
  );
};
