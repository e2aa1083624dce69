import type { PlotsService } from './service';

/** What other domains are given of the plots domain. */
export type PlotReads = Pick<PlotsService, 'castOf' | 'characterOf' | 'plotOf'>;
