import { CategoryLobby } from '../components/category-lobby';

/** /inHouse: the platform's own provably fair games. */
export const InHousePage = () => <CategoryLobby gameType="INHOUSE" />;
