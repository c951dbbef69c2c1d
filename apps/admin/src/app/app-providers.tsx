import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { queryClient } from './query-client';

export interface AppProvidersProps {
  children: ReactNode;
}

export const AppProviders = ({ children }: AppProvidersProps) => (
  <I18nextProvider i18n={i18next}>
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  </I18nextProvider>
);
