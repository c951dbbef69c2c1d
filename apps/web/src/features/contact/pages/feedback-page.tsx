import { useTranslation } from 'react-i18next';
import { Card } from '../../../shared/ui/card/card';
import { FeedbackForm } from '../components/feedback-form';
import { FeedbackList } from '../components/feedback-list';

/** Personal centre "Feedback": send a feedback or complaint, and follow the ones sent with the desk's replies. */
export const FeedbackPage = () => {
  const { t } = useTranslation('contact');
  return (
    <>
      <Card title={t('new_feedback')} name="feedback-form">
        <FeedbackForm />
      </Card>
      <Card title={t('my_feedback')} name="feedback-list" isPadded={false}>
        <FeedbackList />
      </Card>
    </>
  );
};
