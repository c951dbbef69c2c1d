import { chatHandleSchema, issuesToFieldErrors, type MemberPromotion } from '@tessera/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { encodeFieldError } from '../../../shared/forms/field-error';
import { Field } from '../../../shared/ui/form/field';
import { describedByOf } from '../../../shared/ui/form/field-message';
import formStyles from '../../../shared/ui/form/form.module.css';
import { useLinkChatApp } from '../api/promotions-api';
import { refusalOutsideFields } from './form-refusal';
import { PromotionFormFooter } from './promotion-refusal';
import styles from './promotions.module.css';

interface LinkValues {
  handle: string;
}

export interface ChatAppLinkFormProps {
  promotion: MemberPromotion;
  onLinked: (promotion: MemberPromotion) => void;
  onCancel: () => void;
}

/** The handle's shape, judged by the contract's own schema: the first problem's code, or true. */
const judgeHandle = (value: string): true | string => {
  const judged = chatHandleSchema.safeParse(value);
  if (judged.success) return true;
  const [first] = issuesToFieldErrors(judged.error.issues);
  return encodeFieldError(first?.code ?? 'field_invalid');
};

/**
 * The chat-app reward's link (decision 0151): the member's Telegram username, checked here as the server checks it
 * and again by the server (a handle another member linked comes back under the field); an operator then reviews it.
 */
export const ChatAppLinkForm = ({ promotion, onLinked, onCancel }: ChatAppLinkFormProps) => {
  const { t } = useTranslation('promotions');
  const link = useLinkChatApp();
  const [formError, setFormError] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LinkValues>({ defaultValues: { handle: '' } });

  const onSubmit = async (values: LinkValues) => {
    setFormError(null);
    try {
      onLinked(await link.mutateAsync({ promotionId: promotion.id, chatApp: 'telegram', handle: values.handle }));
    } catch (error) {
      setFormError(refusalOutsideFields(error, setError, ['handle']));
    }
  };

  const handleError = errors.handle?.message ? { message: errors.handle.message } : undefined;
  return (
    <form className={formStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate data-form="chat-app-link">
      <p className={styles.note}>{t('promo_link_intro')}</p>
      <Field id="chat-app-handle" label={t('promo_link_handle')} hint={t('promo_link_handle_hint')} error={handleError}>
        <input
          id="chat-app-handle"
          className={formStyles.input}
          type="text"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          dir="ltr"
          data-autofocus
          aria-invalid={handleError ? true : undefined}
          aria-describedby={describedByOf('chat-app-handle', { hasHint: true, hasError: Boolean(handleError) })}
          {...register('handle', { validate: judgeHandle })}
        />
      </Field>
      <PromotionFormFooter
        error={formError}
        onCancel={onCancel}
        isSubmitting={isSubmitting}
        submitLabel={t('promo_link_send')}
      />
    </form>
  );
};
