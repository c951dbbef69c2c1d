import { type MemberPromotion, PROMOTION_REMARK_MAX } from '@tessera/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { encodeFieldError } from '../../../shared/forms/field-error';
import { Field } from '../../../shared/ui/form/field';
import { describedByOf } from '../../../shared/ui/form/field-message';
import formStyles from '../../../shared/ui/form/form.module.css';
import { ProofPicker } from '../../../shared/ui/proof-picker/proof-picker';
import { useApplyPromotion } from '../api/promotions-api';
import { refusalOutsideFields } from './form-refusal';
import { PromotionFormFooter } from './promotion-refusal';
import styles from './promotions.module.css';

interface ApplyValues {
  remark: string;
}

const IMAGE_CODES = ['image_invalid', 'image_too_large', 'upload_too_many'];

export interface PromotionApplyFormProps {
  promotion: MemberPromotion;
  onApplied: (promotion: MemberPromotion) => void;
  onCancel: () => void;
}

/**
 * The application for a promotion an operator reviews (spec section 5): a remark of at most 140 characters and up
 * to 3 png or jpg images of at most 5 MB, checked in the browser first and again by the server, each error under
 * its field.
 */
export const PromotionApplyForm = ({ promotion, onApplied, onCancel }: PromotionApplyFormProps) => {
  const { t } = useTranslation('promotions');
  const apply = useApplyPromotion();
  const [images, setImages] = useState<File[]>([]);
  const [imageError, setImageError] = useState<string | null>(null);
  // A refusal not tied to a field: kept whole, so an eligibility refusal shows its reason.
  const [formError, setFormError] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ApplyValues>({ defaultValues: { remark: '' } });
  const length = watch('remark').trim().length;

  const onSubmit = async (values: ApplyValues) => {
    setFormError(null);
    setImageError(null);
    try {
      onApplied(await apply.mutateAsync({ body: { promotionId: promotion.id, remark: values.remark }, images }));
    } catch (error) {
      if (isApiError(error) && IMAGE_CODES.includes(error.code)) {
        setImageError(error.code);
        return;
      }
      setFormError(refusalOutsideFields(error, setError, ['remark']));
    }
  };

  const remarkError = errors.remark?.message ? { message: errors.remark.message } : undefined;
  return (
    <form className={formStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate data-form="promotion-apply">
      <Field
        id="promotion-remark"
        label={t('promo_remark')}
        hint={t('promo_remark_hint', { count: length, max: PROMOTION_REMARK_MAX })}
        error={remarkError}
      >
        <textarea
          id="promotion-remark"
          className={`${formStyles.input} ${styles.remark}`}
          rows={4}
          dir="auto"
          data-autofocus
          aria-invalid={remarkError ? true : undefined}
          aria-describedby={describedByOf('promotion-remark', { hasHint: true, hasError: Boolean(remarkError) })}
          {...register('remark', {
            validate: (value) =>
              value.trim().length <= PROMOTION_REMARK_MAX ||
              encodeFieldError('field_too_long', { max: PROMOTION_REMARK_MAX }),
          })}
        />
      </Field>
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor="promotion-images">
          {t('promo_images')}
        </label>
        <ProofPicker
          id="promotion-images"
          files={images}
          onChange={(files) => {
            setImageError(null);
            setImages(files);
          }}
          error={imageError}
          addLabel={(left) => t('promo_images_add', { left })}
        />
      </div>
      <PromotionFormFooter
        error={formError}
        onCancel={onCancel}
        isSubmitting={isSubmitting}
        submitLabel={t('promo_apply_send')}
      />
    </form>
  );
};
