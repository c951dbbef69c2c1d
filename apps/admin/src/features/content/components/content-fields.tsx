import {
  bannerGroups,
  type ContentImage,
  type ContentKind,
  type LinkageType,
  linkageTypes,
  noticeAudiences,
  popupExecutions,
} from '@tessera/contracts';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../shared/ui/field';
import { BannerImageField } from './banner-image-field';
import styles from './content.module.css';
import { useContentForm, useFieldError } from './use-content-form';

/** Form names of the kind-specific fields (the request's own paths, so server errors land on them). */
const F = {
  group: 'content.data.group',
  title: 'content.data.title',
  content: 'content.data.content',
  linkageType: 'content.data.linkageType',
  linkTarget: 'content.data.linkTarget',
  execution: 'content.data.execution',
  audience: 'content.data.audience',
  promotionType: 'content.data.promotionType',
  tag: 'content.data.tag',
  description: 'content.data.description',
} as const;

type FieldName = (typeof F)[keyof typeof F];

const TitleField = () => {
  const { t } = useTranslation();
  const { register } = useContentForm();
  const { error, controlProps } = useFieldError()(F.title);
  return (
    <Field label={t('content.field.title')} htmlFor={F.title} error={error} isRequired>
      <input id={F.title} dir="auto" {...register(F.title)} {...controlProps} />
    </Field>
  );
};

const TextField = ({ name, label, hint, rows }: { name: FieldName; label: string; hint: string; rows: number }) => {
  const { register } = useContentForm();
  const { error, controlProps } = useFieldError()(name);
  return (
    <Field label={label} htmlFor={name} hint={hint} error={error}>
      <textarea id={name} dir="auto" rows={rows} {...register(name)} {...controlProps} />
    </Field>
  );
};

const BannerFields = ({ code, imageUrl, onImage }: KindFieldsProps) => {
  const { t } = useTranslation();
  const { control, register, setValue } = useContentForm();
  const errorOf = useFieldError();
  const linkageType: LinkageType = useWatch({ control, name: F.linkageType }) ?? 'NONE';
  const group = errorOf(F.group);
  const linkage = errorOf(F.linkageType);
  const target = errorOf(F.linkTarget);
  return (
    <>
      <div className={styles.grid}>
        <Field label={t('content.field.group')} htmlFor={F.group} error={group.error} isRequired>
          <select id={F.group} {...register(F.group)} {...group.controlProps}>
            {bannerGroups.map((item) => (
              <option key={item} value={item}>
                {t(`content.group.${item}`)}
              </option>
            ))}
          </select>
        </Field>
        <TitleField />
      </div>
      <BannerImageField code={code} imageUrl={imageUrl} onUploaded={onImage} />
      <div className={styles.grid}>
        <Field label={t('content.field.linkageType')} htmlFor={F.linkageType} error={linkage.error}>
          <select
            id={F.linkageType}
            {...register(F.linkageType, {
              // A banner without a link carries no target (the contract refuses one).
              onChange: (event: { target: { value: string } }) => {
                if (event.target.value === 'NONE') setValue(F.linkTarget, '');
              },
            })}
            {...linkage.controlProps}
          >
            {linkageTypes.map((item) => (
              <option key={item} value={item}>
                {t(`content.linkage.${item}`)}
              </option>
            ))}
          </select>
        </Field>
        {linkageType === 'NONE' ? null : (
          <Field
            label={t(linkageType === 'ROUTE' ? 'content.field.route' : 'content.field.url')}
            htmlFor={F.linkTarget}
            hint={t(linkageType === 'ROUTE' ? 'content.field.routeHint' : 'content.field.urlHint')}
            error={target.error}
            isRequired
          >
            <input
              id={F.linkTarget}
              className={styles.mono}
              placeholder={linkageType === 'ROUTE' ? '/promotions' : 'https://'}
              {...register(F.linkTarget)}
              {...target.controlProps}
            />
          </Field>
        )}
      </div>
    </>
  );
};

const PopupFields = () => {
  const { t } = useTranslation();
  const { register } = useContentForm();
  const errorOf = useFieldError();
  const execution = errorOf(F.execution);
  const promotion = errorOf(F.promotionType);
  return (
    <div className={styles.grid}>
      <Field
        label={t('content.field.execution')}
        htmlFor={F.execution}
        hint={t('content.field.executionHint')}
        error={execution.error}
        isRequired
      >
        <select id={F.execution} {...register(F.execution)} {...execution.controlProps}>
          {popupExecutions.map((item) => (
            <option key={item} value={item}>
              {`${item} · ${t(`content.execution.${item}`)}`}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label={t('content.field.promotionType')}
        htmlFor={F.promotionType}
        hint={t('content.field.promotionTypeHint')}
        error={promotion.error}
      >
        <input
          id={F.promotionType}
          className={styles.mono}
          {...register(F.promotionType, {
            setValueAs: (value: string | null) => (value === null || value.trim() === '' ? null : value),
          })}
          {...promotion.controlProps}
        />
      </Field>
    </div>
  );
};

/** Who reads a notice (decision 0095): the site's ticker, the agent centre's announcements, or both. */
const AudienceField = () => {
  const { t } = useTranslation();
  const { register } = useContentForm();
  const { error, controlProps } = useFieldError()(F.audience);
  return (
    <Field
      label={t('content.field.audience')}
      htmlFor={F.audience}
      hint={t('content.field.audienceHint')}
      error={error}
      isRequired
    >
      <select id={F.audience} {...register(F.audience)} {...controlProps}>
        {noticeAudiences.map((item) => (
          <option key={item} value={item}>
            {t(`content.audience.${item}`)}
          </option>
        ))}
      </select>
    </Field>
  );
};

const HelpTagField = () => {
  const { t } = useTranslation();
  const { register } = useContentForm();
  const { error, controlProps } = useFieldError()(F.tag);
  return (
    <Field label={t('content.field.tag')} htmlFor={F.tag} hint={t('content.field.tagHint')} error={error} isRequired>
      <span className={styles.prefixed}>
        <span className={styles.prefix} aria-hidden="true">
          /help#
        </span>
        <input id={F.tag} className={styles.mono} placeholder="terms" {...register(F.tag)} {...controlProps} />
      </span>
    </Field>
  );
};

export interface KindFieldsProps {
  code: string;
  kind: ContentKind;
  /** A banner's picture address (from the item or the last upload). */
  imageUrl: string | null;
  onImage: (image: ContentImage) => void;
}

/** The fields of one kind of content; everything is plain text (decision 0014). */
export const KindFields = (props: KindFieldsProps) => {
  const { t } = useTranslation();
  const bodyHint = t('content.field.contentHint');
  switch (props.kind) {
    case 'banner':
      return <BannerFields {...props} />;
    case 'notice':
      return (
        <>
          <TitleField />
          <TextField name={F.content} label={t('content.field.content')} hint={bodyHint} rows={6} />
          <AudienceField />
        </>
      );
    case 'promotion':
      return (
        <>
          <TitleField />
          <TextField name={F.content} label={t('content.field.content')} hint={bodyHint} rows={6} />
        </>
      );
    case 'popup':
      return (
        <>
          <TitleField />
          <TextField name={F.content} label={t('content.field.content')} hint={bodyHint} rows={8} />
          <PopupFields />
        </>
      );
    case 'help':
      return (
        <>
          <div className={styles.grid}>
            <HelpTagField />
            <TitleField />
          </div>
          <TextField name={F.content} label={t('content.field.content')} hint={bodyHint} rows={10} />
        </>
      );
    case 'footer':
      return <TextField name={F.description} label={t('content.field.description')} hint={bodyHint} rows={5} />;
  }
};
