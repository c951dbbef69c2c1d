import type { AgentApplicationInput, AgentApplicationStatus } from '@tessera/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { validateRequired } from '../../../shared/forms/rule-validation';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { Button } from '../../../shared/ui/button/button';
import { Card } from '../../../shared/ui/card/card';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { TextField } from '../../../shared/ui/form/text-field';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { StatusBadge } from '../../../shared/ui/status-badge/status-badge';
import { useApplyAsAgent, useMyAgentApplication } from '../api/agents-api';
import styles from './agents.module.css';

const fields = ['contactName', 'contactMobile', 'message'] as const;

/** The label of each application state. */
export const applicationStatusKeys: Record<AgentApplicationStatus, string> = {
  pending: 'agent_application_pending',
  approved: 'agent_application_approved',
  rejected: 'agent_application_rejected',
};

/**
 * The affiliate application (a signed-in member who is no agent): its latest application's state, and the form
 * while none is pending. An operator decides it in the back office.
 */
export const AffiliateApplication = () => {
  const { t } = useTranslation('agents');
  const formatDateTime = useFormatDateTime();
  const mine = useMyAgentApplication(true);
  const apply = useApplyAsAgent();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AgentApplicationInput>({ defaultValues: { contactName: '', contactMobile: '', message: '' } });
  if (mine.isPending) return <InlineLoader />;
  if (mine.isError) return <FormError code={errorKeyOf(mine.error)} />;
  if (mine.data.isAgent) {
    return (
      <Card title={t('agent_application_title')} name="affiliate-application">
        <p className={styles.muted}>{t('agent_application_is_agent')}</p>
        <Link to="/agentHome" className={styles.linkButton}>
          {t('agent_center')}
        </Link>
      </Card>
    );
  }
  const application = mine.data.application;
  const onSubmit = async (values: AgentApplicationInput) => {
    setFormError(null);
    try {
      await apply.mutateAsync(values);
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(errorKeyOf(error));
        return;
      }
      const unmatched = applyServerFieldErrors(setError, error.fieldErrors, { fields });
      if (error.fieldErrors.length === 0 || unmatched.length > 0) setFormError(error.code);
    }
  };
  return (
    <Card title={t('agent_application_title')} name="affiliate-application">
      {application ? (
        <div className={styles.applicationState} data-application={application.status}>
          <StatusBadge
            tone={application.status === 'approved' ? 'success' : application.status === 'rejected' ? 'danger' : 'info'}
          >
            {t(applicationStatusKeys[application.status])}
          </StatusBadge>
          <span className={styles.muted}>{formatDateTime(application.createdAt)}</span>
          {application.reason ? (
            <p className={styles.muted}>{t('agent_application_reason', { reason: application.reason })}</p>
          ) : null}
        </div>
      ) : null}
      {application?.status === 'pending' ? (
        <p className={styles.muted}>{t('agent_application_waiting')}</p>
      ) : (
        <form
          className={formStyles.form}
          onSubmit={handleSubmit(onSubmit)}
          noValidate
          data-form="affiliate-application"
        >
          <p className={styles.muted}>{t('agent_application_intro')}</p>
          <TextField
            id="affiliate-contact-name"
            label={t('agent_contact_name')}
            autoComplete="name"
            maxLength={60}
            isRequired
            error={errors.contactName}
            {...register('contactName', { validate: validateRequired('not_empty', false) })}
          />
          <TextField
            id="affiliate-contact-mobile"
            label={t('agent_contact_mobile')}
            type="tel"
            autoComplete="tel"
            maxLength={20}
            isRequired
            error={errors.contactMobile}
            {...register('contactMobile', { validate: validateRequired('not_empty', false) })}
          />
          <TextField
            id="affiliate-message"
            label={t('agent_message')}
            maxLength={500}
            error={errors.message}
            {...register('message')}
          />
          <FormError code={formError} />
          <Button type="submit" isBlock disabled={isSubmitting}>
            {t('agent_application_submit')}
          </Button>
        </form>
      )}
    </Card>
  );
};
