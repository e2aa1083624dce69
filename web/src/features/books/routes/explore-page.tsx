import { ExplorePage } from './library-page';

export default ExplorePage;
