import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createQueryClient } from '../shared/api/query-client';
import { i18n } from '../shared/i18n/i18n';
import { LoadingCover } from '../shared/ui/loading-cover/loading-cover';
import { SiteGate } from './site-gate';

/** Providers, then site start. */
export const App = () => {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<LoadingCover />}>
          <SiteGate />
        </Suspense>
      </I18nextProvider>
    </QueryClientProvider>
  );
};
