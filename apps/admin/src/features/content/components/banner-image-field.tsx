import { CONTENT_IMAGE_MAX_SIDE, type ContentImage } from '@tessera/contracts';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../shared/api/api-error';
import { Field } from '../../../shared/ui/field';
import { useUploadContentImage } from '../api/upload-content-image';
import { CONTENT_IMAGE_ACCEPT, imageFileProblem, readFileAsBase64 } from '../lib/image-file';
import styles from './content.module.css';
import { useFieldError } from './use-content-form';

export interface BannerImageFieldProps {
  code: string;
  /** The picture's address, once there is one. */
  imageUrl: string | null;
  onUploaded: (image: ContentImage) => void;
}

const NAME = 'content.data.imageId';

/**
 * The banner's picture: a png or jpeg file goes to the server at once, which checks its bytes and size and
 * re-encodes it; its refusal (not a picture, too large) shows here. A file above 5 MB is not sent at all.
 */
export const BannerImageField = ({ code, imageUrl, onUploaded }: BannerImageFieldProps) => {
  const { t } = useTranslation();
  const upload = useUploadContentImage(code);
  const fieldError = useFieldError()(NAME);
  const [problem, setProblem] = useState<string | null>(null);

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    upload.reset();
    const localProblem = imageFileProblem(file);
    if (localProblem) {
      setProblem(localProblem);
      return;
    }
    try {
      onUploaded(await upload.mutateAsync(await readFileAsBase64(file)));
    } catch (error) {
      setProblem(errorCodeOf(error));
    }
  };

  const uploaded = upload.data;
  return (
    <Field
      label={t('content.field.image')}
      htmlFor={NAME}
      hint={t('content.field.imageHint', { side: CONTENT_IMAGE_MAX_SIDE })}
      error={fieldError.error}
      isRequired
    >
      <div className={styles.upload}>
        {imageUrl ? (
          <img src={imageUrl} alt="" className={styles.uploadThumb} />
        ) : (
          <span className={styles.uploadEmpty}>{t('content.field.noImage')}</span>
        )}
        <input
          id={NAME}
          type="file"
          accept={CONTENT_IMAGE_ACCEPT}
          disabled={upload.isPending}
          onChange={(event) => void handleFile(event)}
          {...fieldError.controlProps}
        />
      </div>
      <p className={styles.uploadStatus} aria-live="polite">
        {upload.isPending
          ? t('content.field.uploading')
          : uploaded && !problem
            ? t('content.field.uploaded', { width: uploaded.width, height: uploaded.height })
            : null}
      </p>
      {problem ? (
        <p className={styles.uploadError} role="alert" data-upload-error={problem}>
          {t(`errors.${problem}`, { defaultValue: t('errors.unknown_error') })}
        </p>
      ) : null}
    </Field>
  );
};
