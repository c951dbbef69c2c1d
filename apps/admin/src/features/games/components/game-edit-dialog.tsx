import type { AdminGame } from '@tessera/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { Field } from '../../../shared/ui/field';
import fieldset from '../../../shared/ui/fieldset.module.css';
import { useUpdateGame } from '../api/catalogue-queries';
import { namesToSave } from '../lib/reorder';
import styles from './catalogue.module.css';

export interface GameEditDialogProps {
  code: string;
  game: AdminGame | null;
  onClose: () => void;
}

/** Edits one game's names per language and its artwork (the operator's https image, or a generated variant). */
export const GameEditDialog = ({ code, game, onClose }: GameEditDialogProps) => {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={game !== null} title={t('catalogue.editGame')} onClose={onClose} size="md">
      {game ? <GameEditForm key={game.nodeId} code={code} game={game} onClose={onClose} /> : null}
    </Dialog>
  );
};

const languagesOf = (game: AdminGame): string[] => {
  const codes = new Set(['EN', ...Object.keys(game.catalogueNames), ...Object.keys(game.names)]);
  return [...codes].sort((a, b) => (a === 'EN' ? -1 : b === 'EN' ? 1 : a.localeCompare(b)));
};

const GameEditForm = ({ code, game, onClose }: { code: string; game: AdminGame; onClose: () => void }) => {
  const { t } = useTranslation();
  const ids = useId();
  const update = useUpdateGame(code);
  const [names, setNames] = useState<Record<string, string>>(() => ({ ...game.names }));
  const [iconUrl, setIconUrl] = useState(game.customIconUrl ?? '');
  const [variant, setVariant] = useState(String(game.artworkVariant));
  const fieldErrors = isApiError(update.error) ? update.error.fieldErrors : [];
  const errorAt = (path: string) => fieldErrors.find((item) => item.path === path || item.path.startsWith(`${path}.`));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      {
        nodeId: game.nodeId,
        names: namesToSave(names),
        customIconUrl: iconUrl.trim() === '' ? null : iconUrl.trim(),
        artworkVariant: Number(variant),
      },
      { onSuccess: onClose },
    );
  };

  const iconError = errorAt('customIconUrl');
  const variantError = errorAt('artworkVariant');
  return (
    <form className={styles.form} onSubmit={handleSubmit} data-game-edit={game.nodeId} noValidate>
      <div className={styles.preview}>
        <img src={game.iconUrl} alt="" className={styles.previewArt} />
        <span className={styles.names}>
          <span className={styles.strong}>{game.catalogueNames.EN ?? game.gameCode}</span>
          <span className={styles.muted}>
            {game.vassalage} · {game.gameCode}
          </span>
        </span>
      </div>
      <fieldset className={fieldset.fieldset}>
        <legend>{t('catalogue.namesPerLanguage')}</legend>
        <p className={styles.muted}>{t('catalogue.namesHint')}</p>
        {languagesOf(game).map((language) => (
          <Field
            key={language}
            label={language}
            htmlFor={`${ids}-name-${language}`}
            error={errorAt(`names.${language}`) ? { message: errorAt(`names.${language}`)?.code } : undefined}
          >
            <input
              id={`${ids}-name-${language}`}
              className={styles.input}
              value={names[language] ?? ''}
              placeholder={game.catalogueNames[language] ?? game.catalogueNames.EN ?? ''}
              maxLength={120}
              onChange={(event) => setNames({ ...names, [language]: event.target.value })}
              data-name-language={language}
            />
          </Field>
        ))}
      </fieldset>
      <Field
        label={t('catalogue.customIcon')}
        htmlFor={`${ids}-icon`}
        hint={t('catalogue.customIconHint')}
        error={iconError ? { message: iconError.code } : undefined}
      >
        <input
          id={`${ids}-icon`}
          type="url"
          className={styles.input}
          value={iconUrl}
          maxLength={2000}
          placeholder="https://"
          aria-describedby={`${ids}-icon-error`}
          onChange={(event) => setIconUrl(event.target.value)}
        />
      </Field>
      <Field
        label={t('catalogue.artworkVariant')}
        htmlFor={`${ids}-variant`}
        hint={t('catalogue.artworkVariantHint')}
        error={variantError ? { message: variantError.code } : undefined}
      >
        <input
          id={`${ids}-variant`}
          type="number"
          min={0}
          max={99}
          className={styles.input}
          value={variant}
          onChange={(event) => setVariant(event.target.value)}
        />
      </Field>
      {update.isError && fieldErrors.length === 0 ? (
        <Alert tone="danger">{t(`errors.${errorCodeOf(update.error)}`)}</Alert>
      ) : null}
      <div className={styles.footer}>
        <Button variant="ghost" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button variant="primary" type="submit" isBusy={update.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
};
