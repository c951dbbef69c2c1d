import { rgLimitKinds, rgPeriods } from '@tessera/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { toFormError } from '../../../shared/forms/field-error';
import { Button } from '../../../shared/ui/button/button';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import { FormError } from '../../../shared/ui/form/form-error';
import { SelectField } from '../../../shared/ui/form/select-field';
import { TextField } from '../../../shared/ui/form/text-field';
import { useAnswerPrompt, useSetLimit, useSetSessionLimit } from '../api/responsible-gaming';
import styles from './rg-prompts.module.css';
import shared from './session-clock.module.css';

type Period = (typeof rgPeriods)[number];
type Field = (typeof rgLimitKinds)[number] | 'session';
const FIELDS: readonly Field[] = [...rgLimitKinds, 'session'];
type FieldProblem = { code: string; params?: Record<string, string | number> | undefined };

/**
 * The offer of limits after registration or before the first deposit (issue 31, decision 0107): a deposit, loss,
 * wager and session-time limit for one period, each optional, set through the same endpoints and rules as the
 * responsible-gaming page; or "Not now". Either answer is kept on the server, so the offer is made once.
 */
export const LimitsOfferDialog = () => {
  const { t } = useTranslation('responsible-gaming');
  const setLimit = useSetLimit();
  const setSessionLimit = useSetSessionLimit();
  const answer = useAnswerPrompt();
  const [period, setPeriod] = useState<Period>('day');
  const [values, setValues] = useState<Record<Field, string>>({ deposit: '', loss: '', wager: '', session: '' });
  const [problems, setProblems] = useState<Partial<Record<Field, FieldProblem>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const entered = FIELDS.filter((field) => values[field].trim() !== '');

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found: Partial<Record<Field, FieldProblem>> = {};
    setIsSaving(true);
    // One limit after the other, as the page sets them; one that is set is cleared from the form.
    for (const field of entered) {
      const text = values[field].trim();
      try {
        if (field === 'session') {
          if (!/^[0-9]{1,6}$/.test(text)) {
            found.session = { code: 'field_invalid' };
            continue;
          }
          await setSessionLimit.mutateAsync({ period, minutes: Number(text) });
        } else {
          await setLimit.mutateAsync({ kind: field, period, amount: text });
        }
        setValues((before) => ({ ...before, [field]: '' }));
      } catch (error) {
        const fieldError = isApiError(error) ? error.fieldErrors[0] : undefined;
        if (fieldError) found[field] = { code: fieldError.code, params: fieldError.params };
        else setFailure(errorKeyOf(error));
      }
    }
    setProblems(found);
    setIsSaving(false);
    if (Object.keys(found).length === 0) answer.mutate({ prompt: 'limits_offer', answer: 'set' });
  };

  const errorOf = (field: Field) => {
    const problem = problems[field];
    return problem ? toFormError({ code: problem.code, params: problem.params }) : undefined;
  };

  return (
    <Dialog
      name="rg-limits-offer"
      isOpen
      onClose={() => undefined}
      hasCloseButton={false}
      title={t('offer_title')}
      size="sm"
    >
      <p className={shared.note}>{t('offer_text')}</p>
      <form className={styles.form} onSubmit={handleSubmit} noValidate data-form="rg-limits-offer">
        <SelectField
          id="rg-offer-period"
          label={t('limit_period')}
          value={period}
          onChange={(event) => setPeriod(event.target.value as Period)}
          options={rgPeriods.map((value) => ({ value, label: t(`period_${value}`) }))}
        />
        <div className={styles.fields}>
          {FIELDS.map((field) => (
            <TextField
              key={field}
              id={`rg-offer-${field}`}
              label={field === 'session' ? t('offer_session_minutes') : t(`kind_${field}`)}
              inputMode={field === 'session' ? 'numeric' : 'decimal'}
              value={values[field]}
              placeholder={t('no_limit')}
              onChange={(event) => setValues((before) => ({ ...before, [field]: event.target.value }))}
              error={errorOf(field)}
            />
          ))}
        </div>
        <p className={shared.note}>{t('offer_rules')}</p>
        {failure ? <FormError code={failure} /> : null}
        {answer.isError ? <FormError code={errorKeyOf(answer.error)} /> : null}
        <div className={shared.buttons}>
          <Button
            variant="secondary"
            type="button"
            disabled={isSaving || answer.isPending}
            onClick={() => answer.mutate({ prompt: 'limits_offer', answer: 'skipped' })}
          >
            {t('offer_skip')}
          </Button>
          <Button type="submit" disabled={entered.length === 0 || isSaving || answer.isPending}>
            {t('offer_save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
