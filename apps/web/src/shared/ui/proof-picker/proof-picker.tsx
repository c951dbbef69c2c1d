import { PROOF_UPLOAD } from '@tessera/contracts';
import { type ChangeEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessage } from '../form/field-message';
import { CloseIcon, UploadIcon } from '../icons/icons';
import { checkProofFiles } from './proof-files';
import styles from './proof-picker.module.css';

export interface ProofPickerProps {
  id: string;
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** A server or form error code to show under the picker. */
  error?: string | null;
  /** How many files may be picked: 3, less those the order already holds. */
  maxFiles?: number;
  /** The add button's text for `left` more files; "Add proof images" unless told. */
  addLabel?: (left: number) => string;
  /** The rules under the picker; the proof rules (5 MB each, up to 3) unless told. */
  rules?: string;
  /**
   * One file per pick (a chat message's picture). Otherwise several may be picked at once, even when fewer are left:
   * picking too many then says so (`upload_too_many`) rather than the browser silently taking one.
   */
  isSingle?: boolean;
}

/**
 * Picks up to 3 png or jpg images of at most 5 MB (proofs of an order, a feedback's pictures), checked in the
 * browser, with previews.
 */
export const ProofPicker = ({
  id,
  files,
  onChange,
  error,
  maxFiles = PROOF_UPLOAD.maxFiles,
  addLabel,
  rules,
  isSingle = false,
}: ProofPickerProps) => {
  const { t } = useTranslation('money');
  const [pickError, setPickError] = useState<string | null>(null);
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(
    () => () => {
      for (const url of previews) URL.revokeObjectURL(url);
    },
    [previews],
  );

  const handlePick = async (event: ChangeEvent<HTMLInputElement>) => {
    const added = Array.from(event.target.files ?? []);
    event.target.value = '';
    const result = await checkProofFiles(files, added, maxFiles);
    setPickError(result.error);
    onChange(result.accepted);
  };
  const shown = pickError ?? error ?? null;

  return (
    <div className={styles.stack} data-proofs="">
      {files.length > 0 ? (
        <ul className={styles.proofs}>
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`} className={styles.proof}>
              <img src={previews[index]} alt={file.name} />
              <button
                type="button"
                className={styles.proofRemove}
                aria-label={t('proof_remove', { name: file.name })}
                onClick={() => onChange(files.filter((_, at) => at !== index))}
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {files.length < maxFiles ? (
        <label className={styles.upload}>
          <UploadIcon />
          {addLabel ? addLabel(maxFiles - files.length) : t('proof_add', { left: maxFiles - files.length })}
          <input
            id={id}
            type="file"
            accept={PROOF_UPLOAD.contentTypes.join(',')}
            multiple={!isSingle}
            aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
            onChange={handlePick}
          />
        </label>
      ) : null}
      <p className={styles.hint} id={`${id}-hint`}>
        {rules ?? t('proof_rules')}
      </p>
      <FieldMessage id={`${id}-error`} error={shown ? { message: shown } : undefined} />
    </div>
  );
};
