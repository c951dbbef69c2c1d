import { POINT_IMAGE_MAX_BYTES, POINT_IMAGE_MAX_SIDE, pointImageUrl } from '@tessera/contracts';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../shared/api/api-error';
import { readFileAsBase64 } from '../../../shared/forms/read-file-base64';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import type { FieldErrorLike } from '../../../shared/ui/field-error-text';
import { useUploadPointImage } from '../api/points-api';
import styles from './points.module.css';

const limits = { side: POINT_IMAGE_MAX_SIDE, mb: POINT_IMAGE_MAX_BYTES / 1024 / 1024 };

/** Why a chosen file is not sent at all: empty, or larger than the server would take. */
const fileProblem = (file: Pick<File, 'size'>): 'image_invalid' | 'image_too_large' | null => {
  if (file.size === 0) return 'image_invalid';
  return file.size > POINT_IMAGE_MAX_BYTES ? 'image_too_large' : null;
};

export interface PointItemImageProps {
  code: string;
  id: string;
  label: string;
  imageId: string | undefined;
  error: FieldErrorLike | undefined;
  onChange: (imageId: string | undefined) => void;
  isDisabled: boolean;
}

/**
 * One language's goods picture: a png or jpeg file goes to the server at once, which checks its bytes and size and
 * re-encodes it; its refusal (not a picture, too large) shows here; the saved goods keep the picture's id.
 */
export const PointItemImage = ({ code, id, label, imageId, error, onChange, isDisabled }: PointItemImageProps) => {
  const { t } = useTranslation();
  const upload = useUploadPointImage(code);
  const [problem, setProblem] = useState<string | null>(null);

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    const local = fileProblem(file);
    if (local) {
      setProblem(local);
      return;
    }
    try {
      onChange((await upload.mutateAsync(await readFileAsBase64(file))).id);
    } catch (failure) {
      setProblem(errorCodeOf(failure));
    }
  };

  return (
    <Field label={label} htmlFor={id} hint={t('points.item.imageHint', limits)} error={error}>
      <div className={styles.upload}>
        {imageId ? (
          <img src={pointImageUrl(imageId)} alt="" className={styles.thumb} data-point-image={imageId} />
        ) : (
          <span className={styles.thumbEmpty}>{t('points.item.noImage')}</span>
        )}
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg"
          disabled={isDisabled || upload.isPending}
          aria-describedby={`${id}-error`}
          onChange={(event) => void handleFile(event)}
        />
        {imageId && !isDisabled ? (
          <Button type="button" size="sm" variant="ghost" onClick={() => onChange(undefined)}>
            {t('points.item.removeImage')}
          </Button>
        ) : null}
      </div>
      {upload.isPending ? <p className={styles.details}>{t('points.item.uploading')}</p> : null}
      {problem ? (
        <p className={styles.uploadError} role="alert" data-upload-error={problem}>
          {problem === 'image_too_large'
            ? t('points.item.imageTooLarge', limits)
            : t(`errors.${problem}`, { defaultValue: t('errors.unknown_error') })}
        </p>
      ) : null}
    </Field>
  );
};
