import { FEEDBACK_LIMITS, type FeedbackType, feedbackTypes } from '@tessera/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Alert } from '../../../shared/ui/alert/alert';
import { Button } from '../../../shared/ui/button/button';
import { Field } from '../../../shared/ui/form/field';
import { describedByOf } from '../../../shared/ui/form/field-message';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { SelectField } from '../../../shared/ui/form/select-field';
import { ProofPicker } from '../../../shared/ui/proof-picker/proof-picker';
import { useSubmitFeedback } from '../api/feedback-api';
import { feedbackTypeKeys } from '../feedback-labels';
import styles from './feedback.module.css';

interface FeedbackValues {
  type: FeedbackType;
  content: string;
}

const IMAGE_CODES = ['image_invalid', 'image_too_large', 'upload_too_many'];

/**
 * The feedback screen (spec sections 2, 3, 5): a question type, the text within the merchant's bounds (checked,
 * not shown) and up to 3 png or jpg images. Sent, it shows the reference the member can quote.
 */
export const FeedbackForm = () => {
  const { t } = useTranslation('contact');
  const submit = useSubmitFeedback();
  const [images, setImages] = useState<File[]>([]);
  const [imageError, setImageError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FeedbackValues>({ defaultValues: { type: 'deposit', content: '' } });

  const onSubmit = async (values: FeedbackValues) => {
    setFormError(null);
    setImageError(null);
    setSent(null);
    try {
      const ticket = await submit.mutateAsync({ body: values, images });
      setSent(ticket.reference);
      setImages([]);
      reset({ type: values.type, content: '' });
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(errorKeyOf(error));
        return;
      }
      if (IMAGE_CODES.includes(error.code)) {
        setImageError(error.code);
        return;
      }
      const unmatched = applyServerFieldErrors(setError, error.fieldErrors, { fields: ['type', 'content'] });
      if (error.fieldErrors.length === 0 || unmatched.length > 0) setFormError(error.code);
    }
  };

  const contentError = errors.content?.message ? { message: errors.content.message } : undefined;
  return (
    <form className={formStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate data-form="feedback">
      {sent ? (
        <Alert tone="success" name="feedback-sent">
          {t('sent', { reference: sent })}
        </Alert>
      ) : null}
      <SelectField
        id="feedback-type"
        label={t('type')}
        isRequired
        options={feedbackTypes.map((value) => ({ value, label: t(feedbackTypeKeys[value]) }))}
        error={errors.type?.message ? { message: errors.type.message } : undefined}
        {...register('type')}
      />
      <Field id="feedback-content" label={t('content')} isRequired error={contentError}>
        <textarea
          id="feedback-content"
          className={`${formStyles.input} ${styles.textarea}`}
          rows={6}
          maxLength={FEEDBACK_LIMITS.contentMax}
          placeholder={t('content_placeholder')}
          aria-required
          aria-invalid={contentError ? true : undefined}
          aria-describedby={describedByOf('feedback-content', { hasError: Boolean(contentError) })}
          {...register('content', {
            validate: (value) => {
              const length = value.trim().length;
              if (length === 0) return 'not_empty';
              if (length < FEEDBACK_LIMITS.contentMin) return 'field_too_short';
              return true;
            },
          })}
        />
      </Field>
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor="feedback-images">
          {t('images')}
        </label>
        <ProofPicker
          id="feedback-images"
          files={images}
          onChange={setImages}
          error={imageError}
          addLabel={(left) => t('images_add', { left })}
        />
      </div>
      {formError ? <FormError code={formError} /> : null}
      <Button type="submit" disabled={isSubmitting}>
        {t('send')}
      </Button>
    </form>
  );
};
