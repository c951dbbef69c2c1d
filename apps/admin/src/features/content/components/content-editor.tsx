import {
  type ContentItem,
  type ContentItemInput,
  type ContentKind,
  contentItemInputSchema,
  type FieldError,
} from '@tessera/contracts';
import { useState } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { contractResolver } from '../../../shared/forms/contract-resolver';
import { fieldErrorAt } from '../../../shared/forms/field-error-at';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import fieldset from '../../../shared/ui/fieldset.module.css';
import { Panel } from '../../../shared/ui/panel';
import { SwitchRow } from '../../../shared/ui/switch-row';
import { ZonedDateTimeField } from '../../../shared/ui/zoned-date-time-field';
import { useCreateContent } from '../api/create-content';
import { useUpdateContent } from '../api/update-content';
import { type ContentFormValues, inputOfItem, newContentValues } from '../lib/content-values';
import styles from './content.module.css';
import { KindFields } from './content-fields';
import { ContentPreview, type ThemeOverrides } from './content-preview';
import { useFieldError } from './use-content-form';

export interface ContentEditorProps {
  code: string;
  kind: ContentKind;
  language: string;
  /** The item being edited, or null for a new one. */
  item: ContentItem | null;
  /** Where a new item goes in its list. */
  sortOrder: number;
  merchantName: string;
  timeZone: string;
  themeTokens: ThemeOverrides;
  onClose: () => void;
}

/** Whether the form shows a field at this request path (the kind and language are chosen outside it). */
const isFormField = (path: string): boolean =>
  path.startsWith('content.data.') || ['sortOrder', 'enabled', 'startsAt', 'endsAt'].includes(path);

const resolver = contractResolver<ContentFormValues, ContentItemInput>(contentItemInputSchema);

/** Order, switch and schedule: when and where the site shows the item. */
const PublishingFields = ({ timeZone }: { timeZone: string }) => {
  const { t } = useTranslation();
  const errorOf = useFieldError();
  const sort = errorOf('sortOrder');
  return (
    <fieldset className={fieldset.fieldset}>
      <legend>{t('content.publishing')}</legend>
      <div className={styles.grid}>
        <Field label={t('content.order')} htmlFor="sortOrder" hint={t('content.orderHint')} error={sort.error}>
          <Controller
            name="sortOrder"
            render={({ field }) => (
              <input
                id="sortOrder"
                type="number"
                inputMode="numeric"
                value={Number.isNaN(field.value) ? '' : field.value}
                onChange={(event) =>
                  field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))
                }
                onBlur={field.onBlur}
                {...sort.controlProps}
              />
            )}
          />
        </Field>
        <Controller
          name="enabled"
          render={({ field }) => (
            <SwitchRow
              id="enabled"
              title={t('content.enabled')}
              hint={t('content.enabledHint')}
              isOn={field.value}
              onChange={field.onChange}
            />
          )}
        />
      </div>
      <p className={styles.hint}>{t('content.scheduleHint', { timeZone })}</p>
      <div className={styles.grid}>
        {(['startsAt', 'endsAt'] as const).map((name) => (
          <Controller
            key={name}
            name={name}
            render={({ field, formState }) => (
              <ZonedDateTimeField
                id={name}
                label={t(`content.${name}`)}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                timeZone={timeZone}
                error={fieldErrorAt(formState.errors, name)}
                emptyHint={t(name === 'startsAt' ? 'content.startsNow' : 'content.endsNever')}
              />
            )}
          />
        ))}
      </div>
    </fieldset>
  );
};

/** Why the last save failed: the fields to correct (with those the form cannot show), or the server's refusal. */
const SaveProblem = ({ code, unmatched }: { code: string; unmatched: readonly FieldError[] }) => {
  const { t } = useTranslation();
  return (
    <Alert tone="danger" title={t(`errors.${code}`, { defaultValue: t('errors.unknown_error') })}>
      {unmatched.length > 0 ? (
        <ul className={styles.problems}>
          {unmatched.map((error) => (
            <li key={`${error.path}:${error.code}`}>
              {t(`content.problem.${error.path}`, { defaultValue: error.path })}:{' '}
              {t(`fieldErrors.${error.code}`, { ...error.params, defaultValue: t('fieldErrors.field_invalid') })}
            </li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
};

/**
 * Creates or edits one item: the form checks the contract's schema field by field before anything is sent,
 * and the server's field errors land under the fields they name. The preview beside it follows every keystroke.
 */
export const ContentEditor = ({
  code,
  kind,
  language,
  item,
  sortOrder,
  merchantName,
  timeZone,
  themeTokens,
  onClose,
}: ContentEditorProps) => {
  const { t } = useTranslation();
  const create = useCreateContent(code);
  const update = useUpdateContent(code);
  const [imageUrl, setImageUrl] = useState(item?.imageUrl ?? null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [unmatched, setUnmatched] = useState<FieldError[]>([]);
  const form = useForm<ContentFormValues, unknown, ContentItemInput>({
    resolver,
    defaultValues: item ? inputOfItem(item) : newContentValues(kind, language, sortOrder),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const values = useWatch({ control: form.control }) as ContentFormValues;
  const isSaving = create.isPending || update.isPending;
  // "Some fields are not valid" stays only while some are (the form checks again as the operator corrects them).
  const hasOpenErrors = Object.keys(form.formState.errors).length > 0 || unmatched.length > 0;

  const handleSave = form.handleSubmit(
    async (input) => {
      setSaveError(null);
      setUnmatched([]);
      try {
        if (item) await update.mutateAsync({ id: item.id, input });
        else await create.mutateAsync(input);
        onClose();
      } catch (error) {
        if (isApiError(error) && error.fieldErrors.length > 0) {
          applyServerFieldErrors(
            form.setError,
            error.fieldErrors.filter((e) => isFormField(e.path)),
          );
          setUnmatched(error.fieldErrors.filter((e) => !isFormField(e.path)));
        }
        setSaveError(errorCodeOf(error));
      }
    },
    () => {
      setUnmatched([]);
      setSaveError('validation_failed');
    },
  );

  const kindName = t(`content.one.${kind}`);
  return (
    <FormProvider {...form}>
      <div className={styles.editor}>
        <Panel
          title={item ? t('content.editTitle', { kind: kindName }) : t('content.newTitle', { kind: kindName })}
          description={t('content.editorHint', { language })}
        >
          <form className={styles.form} onSubmit={handleSave} noValidate data-content-form={kind}>
            {saveError && (saveError !== 'validation_failed' || hasOpenErrors) ? (
              <SaveProblem code={saveError} unmatched={unmatched} />
            ) : null}
            <KindFields
              code={code}
              kind={kind}
              imageUrl={imageUrl}
              onImage={(image) => {
                setImageUrl(image.url);
                form.setValue('content.data.imageId', image.id, {
                  shouldDirty: true,
                  shouldValidate: form.formState.isSubmitted,
                });
              }}
            />
            <PublishingFields timeZone={timeZone} />
            <div className={styles.formActions}>
              <Button variant="ghost" onClick={onClose} disabled={isSaving}>
                {t('common.cancel')}
              </Button>
              <Button variant="primary" type="submit" isBusy={isSaving}>
                {item ? t('common.save') : t('content.create')}
              </Button>
            </div>
          </form>
        </Panel>
        <div className={styles.previewColumn}>
          <ContentPreview values={values} imageUrl={imageUrl} merchantName={merchantName} themeTokens={themeTokens} />
        </div>
      </div>
    </FormProvider>
  );
};
