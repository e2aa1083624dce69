/** Offline book ingestion: detect the format, extract a document, find its chapters, propose metadata. */
export { detectFormat } from './detect-format';
export { extractDocument, documentFromText } from './extract';
export { detectStructure, MAX_CHAPTERS } from './structure';
export { detectLanguage, proposeCategory, proposeGenre } from './classify';
export { cleanChapterContent } from './clean';
export { IngestError } from './types';
export type { BookStructure, DocBlock, ExtractedDocument, SourceFormat, TocEntry } from './types';
