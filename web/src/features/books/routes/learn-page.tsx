import { LearnPage } from './library-page';

export default LearnPage;
