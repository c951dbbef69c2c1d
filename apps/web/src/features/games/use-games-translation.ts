import { useTranslation } from 'react-i18next';

/** The games screens read their own namespace first, then the shared labels of `common` (category names...). */
export const useGamesTranslation = () => useTranslation(['games', 'common'], { nsMode: 'fallback' });
