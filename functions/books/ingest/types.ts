import type { BookStructure, SourceFormat } from '../../contracts/books';

export type { BookStructure, SourceFormat };

/**
 * The format-neutral document every extractor produces and the structure detector reads: a flat
 * list of blocks in reading order.
 */
export interface DocBlock {
  kind: 'heading' | 'paragraph';
  text: string;
  /** 1 = biggest heading. Extractors set it for headings they are sure of (styles, tags, font size). */
  level?: number;
  /** PDF: 1-based page of the block. */
  page?: number;
  /** PDF: font size of the block's text, for relative heading detection. */
  fontSize?: number;
  /** EPUB: index of the spine document the block came from. */
  part?: number;
  /** The book's own title line (DOCX "Title" style): front matter, never a chapter. */
  isTitle?: boolean;
  /**
   * EPUB: the structural semantics the book itself gives the block (epub:type / role of its enclosing
   * sections and body, or the guide / landmarks entry of its file), e.g. "frontmatter titlepage".
   */
  semantics?: string;
}

/** A table-of-contents entry from the document itself (EPUB nav/NCX, PDF outline, DOCX TOC field). */
export interface TocEntry {
  title: string;
  level: number;
  /** Index into `blocks` of the first block of the entry, when it could be resolved. */
  blockIndex?: number;
}

export interface ExtractedDocument {
  format: SourceFormat;
  title?: string;
  author?: string;
  /** BCP-47 language from the file's metadata (EPUB dc:language, DOCX core properties), if any. */
  language?: string;
  blocks: DocBlock[];
  toc: TocEntry[];
  pageCount?: number;
  /** Text encoding detected for TXT, e.g. 'utf-8', 'windows-1252'. */
  encoding?: string;
}

export type IngestErrorCode =
  | 'empty_file'
  | 'unsupported_type'
  | 'type_mismatch'
  | 'too_large'
  | 'corrupt'
  | 'encrypted'
  | 'no_text_layer'
  | 'no_text'
  | 'archive_too_large'
  | 'unsafe_document';

/**
 * A problem with the uploaded book itself. `message` is written for the person who uploaded it
 * and ends up as the book's error_message; `retryable` says whether trying again can help.
 */
export class IngestError extends Error {
  override name = 'IngestError';
  constructor(
    readonly code: IngestErrorCode,
    message: string,
    readonly retryable = false,
  ) {
    super(message);
  }
}
