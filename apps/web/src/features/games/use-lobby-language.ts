import { usePublicStore } from '../../shared/state/public-store';

/** The language lobby calls ask names in: the member's current choice (EN until the site has started). */
export const useLobbyLanguage = (): string => usePublicStore((state) => state.language) ?? 'EN';
