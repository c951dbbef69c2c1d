import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../api/api-error';
import { readFileAsBase64 } from '../forms/read-file-base64';
import { Button } from './button';
import { Field } from './field';
import type { FieldErrorLike } from './field-error-text';
import styles from './picture-upload.module.css';

export interface PictureUploadProps<Image> {
  id: string;
  label: string;
  hint: string;
  error?: FieldErrorLike | undefined;
  /** The picture shown, once there is one. */
  imageUrl: string | undefined;
  /** The largest file sent; a larger one is refused here, with `tooLarge` or the server's own message. */
  maxBytes: number;
  tooLarge?: string;
  upload: { mutateAsync: (dataBase64: string) => Promise<Image>; isPending: boolean };
  onUploaded: (image: Image) => void;
  /** Offered once there is a picture: takes it away again. */
  onRemove?: () => void;
  isDisabled?: boolean;
}

/**
 * A picture field (goods, promotions): a png or jpeg file goes to the server at once, which checks its bytes and size
 * and re-encodes it; its refusal (not a picture, too large) shows under the field. An empty or oversized file is not
 * sent at all.
 */
export const PictureUpload = <Image,>(props: PictureUploadProps<Image>) => {
  const { id, label, hint, error, imageUrl, maxBytes, tooLarge, upload, onUploaded, onRemove, isDisabled } = props;
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    if (file.size === 0 || file.size > maxBytes) {
      setProblem(file.size === 0 ? 'image_invalid' : 'image_too_large');
      return;
    }
    try {
      onUploaded(await upload.mutateAsync(await readFileAsBase64(file)));
    } catch (failure) {
      setProblem(errorCodeOf(failure));
    }
  };

  return (
    <Field label={label} htmlFor={id} hint={hint} error={error}>
      <div className={styles.upload}>
        {imageUrl ? (
          <img src={imageUrl} alt="" className={styles.thumb} data-picture={imageUrl} />
        ) : (
          <span className={styles.thumbEmpty}>{t('picture.none')}</span>
        )}
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg"
          disabled={isDisabled || upload.isPending}
          aria-describedby={`${id}-error`}
          onChange={(event) => void handleFile(event)}
        />
        {imageUrl && onRemove && !isDisabled ? (
          <Button type="button" size="sm" variant="ghost" onClick={onRemove}>
            {t('picture.remove')}
          </Button>
        ) : null}
      </div>
      {upload.isPending ? <p className={styles.status}>{t('picture.uploading')}</p> : null}
      {problem ? (
        <p className={styles.error} role="alert" data-upload-error={problem}>
          {problem === 'image_too_large' && tooLarge
            ? tooLarge
            : t(`errors.${problem}`, { defaultValue: t('errors.unknown_error') })}
        </p>
      ) : null}
    </Field>
  );
};
