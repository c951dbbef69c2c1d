import { CategoryFrame } from '../components/category-frame';

/** /inHouse: the platform's own provably fair games. */
export const InHousePage = () => <CategoryFrame gameType="INHOUSE" />;
