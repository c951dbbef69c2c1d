import { type AgentRange, type AgentRangeName, agentRangeNames, agentRangeOf } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../shared/ui/form/text-field';
import styles from './agents.module.css';

/** The label of each range option. */
export const rangeLabelKeys: Record<AgentRangeName, string> = {
  today: 'agent_range_today',
  yesterday: 'agent_range_yesterday',
  '7d': 'agent_range_7d',
  '30d': 'agent_range_30d',
  custom: 'agent_range_custom',
};

/** The range a page reads: a named one (computed on UTC days, as the server keeps them) or custom dates. */
export const useAgentRange = (initial: Exclude<AgentRangeName, 'custom'> = '7d') => {
  const [name, setName] = useState<AgentRangeName>(initial);
  const [custom, setCustom] = useState<AgentRange>(() => agentRangeOf(initial, new Date()));
  const range = name === 'custom' ? custom : agentRangeOf(name, new Date());
  return { name, setName, custom, setCustom, range };
};

export type AgentRangeState = ReturnType<typeof useAgentRange>;

/** Today, yesterday, 7 and 30 days, or custom dates (UTC days; the server refuses ranges over 93 days). */
export const RangeFilter = ({ state }: { state: AgentRangeState }) => {
  const { t } = useTranslation('agents');
  return (
    <div className={styles.filters} data-range={state.name}>
      <div className={styles.chips}>
        {agentRangeNames.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={state.name === name}
            className={styles.chip}
            data-range-option={name}
            onClick={() => {
              if (name === 'custom' && state.name !== 'custom') state.setCustom(state.range);
              state.setName(name);
            }}
          >
            {t(rangeLabelKeys[name])}
          </button>
        ))}
      </div>
      {state.name === 'custom' ? (
        <div className={styles.dates}>
          <TextField
            id="agent-range-from"
            type="date"
            label={t('agent_range_from')}
            value={state.custom.from}
            onChange={(event) => event.target.value && state.setCustom({ ...state.custom, from: event.target.value })}
          />
          <TextField
            id="agent-range-to"
            type="date"
            label={t('agent_range_to')}
            value={state.custom.to}
            onChange={(event) => event.target.value && state.setCustom({ ...state.custom, to: event.target.value })}
          />
        </div>
      ) : null}
      <p className={styles.muted}>{t('agent_range_utc', { from: state.range.from, to: state.range.to })}</p>
    </div>
  );
};
