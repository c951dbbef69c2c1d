import { POINT_IMAGE_MAX_BYTES, POINT_IMAGE_MAX_SIDE, pointImageUrl } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import type { FieldErrorLike } from '../../../shared/ui/field-error-text';
import { PictureUpload } from '../../../shared/ui/picture-upload';
import { useUploadPointImage } from '../api/points-api';

const limits = { side: POINT_IMAGE_MAX_SIDE, mb: POINT_IMAGE_MAX_BYTES / 1024 / 1024 };

export interface PointItemImageProps {
  code: string;
  id: string;
  label: string;
  imageId: string | undefined;
  error: FieldErrorLike | undefined;
  onChange: (imageId: string | undefined) => void;
  isDisabled: boolean;
}

/** One language's goods picture; the saved goods keep the picture's id. */
export const PointItemImage = ({ code, id, label, imageId, error, onChange, isDisabled }: PointItemImageProps) => {
  const { t } = useTranslation();
  return (
    <PictureUpload
      id={id}
      label={label}
      hint={t('points.item.imageHint', limits)}
      error={error}
      imageUrl={imageId ? pointImageUrl(imageId) : undefined}
      maxBytes={POINT_IMAGE_MAX_BYTES}
      tooLarge={t('points.item.imageTooLarge', limits)}
      upload={useUploadPointImage(code)}
      onUploaded={(image) => onChange(image.id)}
      onRemove={() => onChange(undefined)}
      isDisabled={isDisabled}
    />
  );
};
