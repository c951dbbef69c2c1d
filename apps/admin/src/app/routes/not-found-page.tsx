import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../shared/ui/page-header';

export const NotFoundPage = () => {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('notFound.title')}
      description={
        <>
          {t('notFound.text')} <Link to="/merchants">{t('nav.merchants')}</Link>
        </>
      }
    />
  );
};
