import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { CoinsIcon } from '../../../shared/ui/icons/icons';
import { PageFrame } from '../../../shared/ui/page-frame/page-frame';

/** /pointMall (lazy group PointMall): the goods members redeem points for. */
export const PointMallPage = () => {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('point_mall')} icon={<CoinsIcon />}>
      <EmptyState />
    </PageFrame>
  );
};
