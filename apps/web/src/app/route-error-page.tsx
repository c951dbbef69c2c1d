import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusScreen } from '../features/system/components/status-screen';
import { Button } from '../shared/ui/button/button';
import { WifiOffIcon } from '../shared/ui/icons/icons';

/** A route's code chunk that failed to load is a network problem the visitor can retry. */
const isChunkLoadError = (error: unknown): boolean =>
  error instanceof TypeError &&
  /dynamically imported module|importing a module script|Failed to fetch/i.test(error.message);

/** Shown when a route cannot render (its chunk did not load, or it failed). */
export const RouteErrorPage = ({ error }: { error: unknown }) => {
  const { t } = useTranslation();
  const handleReload = () => window.location.reload();
  return (
    <StatusScreen
      name={isChunkLoadError(error) ? 'chunk-load-error' : 'route-error'}
      icon={<WifiOffIcon />}
      title={t('in_connection_problem')}
      actions={
        <Button size="lg" onClick={handleReload}>
          {t('label_retry')}
        </Button>
      }
    >
      <p>{t(isChunkLoadError(error) ? 'in_network_again' : 'unknown_error', { ns: 'errors' })}</p>
    </StatusScreen>
  );
};

interface BoundaryProps {
  /** The location's key: a navigation elsewhere clears the error. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  hasError: boolean;
  failedAt: string | null;
}

/** Catches what a route throws while rendering (its chunk failed to load, or it failed) and shows the page above. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, hasError: false, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, hasError: true, failedAt: null };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (!state.hasError) return null;
    if (state.failedAt === null) return { failedAt: props.resetKey };
    return state.failedAt === props.resetKey ? null : { error: null, hasError: false, failedAt: null };
  }

  override render() {
    return this.state.hasError ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}
