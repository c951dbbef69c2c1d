import { useQueryClient } from '@tanstack/react-query';
import { socialSignInEndpoints } from '@tessera/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SecurityCardFrame } from '../../../shared/account/security-card-frame';
import { errorKeyOf } from '../../../shared/api/api-error';
import { queryKeyOf } from '../../../shared/api/query-key';
import { validateRequired } from '../../../shared/forms/rule-validation';
import { showSubmitError } from '../../../shared/forms/submit-error';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { Alert } from '../../../shared/ui/alert/alert';
import { Button } from '../../../shared/ui/button/button';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { PasswordField } from '../../../shared/ui/form/text-field';
import { UserIcon } from '../../../shared/ui/icons/icons';
import {
  startSocialLink,
  unlinkSocialSignIn,
  useSocialSignInLinks,
  useSocialSignInProviders,
} from '../api/social-sign-in-api';
import styles from './social-sign-in.module.css';

interface PasswordValues {
  password: string;
}

/** The account's password, asked before a link is started or removed; the server's refusal under the field. */
const PasswordConfirmForm = ({
  name,
  hint,
  submitLabel,
  onConfirm,
}: {
  name: string;
  hint: string;
  submitLabel: string;
  onConfirm: (password: string) => Promise<void>;
}) => {
  const { t } = useTranslation('social-sign-in');
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({ defaultValues: { password: '' } });

  const onSubmit = async (values: PasswordValues) => {
    setFormError(null);
    try {
      await onConfirm(values.password);
    } catch (error) {
      showSubmitError(error, setError, { fields: ['password'] }, setFormError);
    }
  };

  return (
    <form className={formStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate data-form={`social-${name}`}>
      <p className={styles.muted}>{hint}</p>
      <PasswordField
        id={`social-${name}-password`}
        label={t('in_increase_password', { ns: 'common' })}
        autoComplete="current-password"
        maxLength={128}
        isRequired
        error={errors.password}
        {...register('password', { validate: validateRequired('not_empty', false) })}
      />
      <FormError code={formError} />
      <Button type="submit" isBlock disabled={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
};

/**
 * My account's linked sign-ins (decision 0172): each enabled provider, linked (since when) or not, with the action
 * to link it (the password, then the provider's pages) or unlink it (the password). A link whose provider the
 * merchant turned off still shows, so it can be removed. Nothing shows where the merchant has no provider and the
 * member no link.
 */
export const LinkedSignIns = ({ Card, Row }: SecurityCardFrame) => {
  const { t } = useTranslation('social-sign-in');
  const queryClient = useQueryClient();
  const providers = useSocialSignInProviders();
  const links = useSocialSignInLinks();
  const formatDateTime = useFormatDateTime();
  const [open, setOpen] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ providerId: string; text: string } | null>(null);

  const failed = providers.error ?? links.error;
  if (failed) {
    return (
      <Card name="linked-sign-ins" title={t('linked_sign_ins_title')}>
        <li className={styles.failed}>
          <FormError code={errorKeyOf(failed)} />
        </li>
      </Card>
    );
  }
  if (!providers.data || !links.data) return null;
  const linkOf = new Map(links.data.list.map((link) => [link.providerId, link]));
  const rows = [
    ...providers.data.list.map((provider) => ({ providerId: provider.id, name: provider.name })),
    ...links.data.list
      .filter((link) => !providers.data.list.some((provider) => provider.id === link.providerId))
      .map((link) => ({ providerId: link.providerId, name: link.providerName })),
  ];
  if (rows.length === 0) return null;

  const toggle = (providerId: string) => {
    setNotice(null);
    setOpen((current) => (current === providerId ? null : providerId));
  };

  const startLink = async (providerId: string, password: string) => {
    const { authorizationUrl } = await startSocialLink(providerId, password);
    window.location.assign(authorizationUrl);
  };

  const unlink = async (providerId: string, linkId: string, name: string, password: string) => {
    await unlinkSocialSignIn(linkId, password);
    await queryClient.invalidateQueries({ queryKey: queryKeyOf(socialSignInEndpoints.links) });
    setOpen(null);
    setNotice({ providerId, text: t('unlinked_notice', { name }) });
  };

  return (
    <Card name="linked-sign-ins" title={t('linked_sign_ins_title')}>
      {rows.map(({ providerId, name }) => {
        const link = linkOf.get(providerId);
        const isOpen = open === providerId;
        return (
          <Row
            key={providerId}
            name={`social-${providerId}`}
            icon={<UserIcon />}
            title={name}
            status={link ? t('linked_on', { date: formatDateTime(link.linkedAt) }) : t('not_linked')}
            isOn={link !== undefined}
            actionLabel={isOpen ? t('label_cancel', { ns: 'account' }) : t(link ? 'unlink_button' : 'link_button')}
            isOpen={isOpen}
            onToggle={() => toggle(providerId)}
            notice={notice?.providerId === providerId ? <Alert tone="success">{notice.text}</Alert> : undefined}
          >
            {link ? (
              <PasswordConfirmForm
                name="unlink"
                hint={t('unlink_hint', { name })}
                submitLabel={t('unlink_submit', { name })}
                onConfirm={(password) => unlink(providerId, link.id, name, password)}
              />
            ) : (
              <PasswordConfirmForm
                name="link"
                hint={t('link_hint', { name })}
                submitLabel={t('link_submit', { name })}
                onConfirm={(password) => startLink(providerId, password)}
              />
            )}
          </Row>
        );
      })}
    </Card>
  );
};
