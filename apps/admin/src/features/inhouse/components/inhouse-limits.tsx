import { ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { useInhouseLimits } from '../api/get-inhouse-limits';
import { InhouseLimitsForm } from './inhouse-limits-form';

export interface InhouseLimitsProps {
  code: string;
  canManage: boolean;
}

/** The merchant's in-house game limits, loaded, then edited in one form. */
export const InhouseLimits = ({ code, canManage }: InhouseLimitsProps) => {
  const limits = useInhouseLimits(code);
  if (limits.isPending) return <LoadingState />;
  if (limits.isError) return <ErrorState error={limits.error} onRetry={() => void limits.refetch()} />;
  // Keyed by merchant: another merchant's table starts a fresh form.
  return <InhouseLimitsForm key={code} code={code} data={limits.data} canManage={canManage} />;
};
