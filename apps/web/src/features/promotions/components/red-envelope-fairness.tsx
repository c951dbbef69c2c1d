import type { MemberRedEnvelope, RedEnvelopeDraw } from '@tessera/contracts';
import { verifyRedEnvelopeSplit } from '@tessera/engines';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { Alert } from '../../../shared/ui/alert/alert';
import { CopyValue } from '../../../shared/ui/copy-value/copy-value';
import { DetailList } from '../../../shared/ui/detail-list/detail-list';
import { FormError } from '../../../shared/ui/form/form-error';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { useRedEnvelopeDraw } from '../api/red-envelopes-api';

/** Whether the published seed and shares recompute (done here in the browser, as anyone could). */
const checkDraw = (draw: RedEnvelopeDraw): boolean | null => {
  if (draw.serverSeed === null) return null;
  const verdict = verifyRedEnvelopeSplit({
    totalMinor: BigInt(draw.totalMinor),
    shares: draw.shares,
    seedHash: draw.seedHash,
    serverSeed: draw.serverSeed,
    amountsMinor: draw.amountsMinor.map(BigInt),
  });
  return verdict.seedMatches && verdict.amountsMatch;
};

/**
 * An envelope's fairness record: the seed's hash published when it was created and, once its window ended, the
 * seed itself with the split recomputed in the browser against the shares the server recorded.
 */
export const RedEnvelopeFairness = ({ envelope }: { envelope: MemberRedEnvelope }) => {
  const { t } = useTranslation('promotions');
  const draw = useRedEnvelopeDraw(envelope.id);
  const verdict = draw.data ? checkDraw(draw.data) : null;
  return (
    <div data-red-envelope-fairness={envelope.id}>
      <p>{t('red_fair_explain')}</p>
      <DetailList
        items={[
          {
            name: 'hash',
            label: t('red_fair_hash'),
            value: <CopyValue value={envelope.fairness.seedHash} name="hash" />,
          },
          ...(draw.data?.serverSeed
            ? [
                {
                  name: 'seed',
                  label: t('red_fair_seed'),
                  value: <CopyValue value={draw.data.serverSeed} name="seed" />,
                },
              ]
            : []),
        ]}
      />
      {draw.isPending ? <InlineLoader /> : null}
      {draw.isError ? <FormError code={errorKeyOf(draw.error)} /> : null}
      {draw.data && draw.data.serverSeed === null ? <Alert tone="info">{t('red_fair_pending')}</Alert> : null}
      {verdict === true ? (
        <Alert tone="success" name="red-envelope-verified">
          {t('red_fair_ok', { shares: draw.data?.shares ?? 0 })}
        </Alert>
      ) : null}
      {verdict === false ? (
        <Alert tone="danger" name="red-envelope-mismatch">
          {t('red_fair_bad')}
        </Alert>
      ) : null}
    </div>
  );
};
