import { extractDocx } from './extract-docx';
import { extractEpub } from './extract-epub';
import { extractPdf } from './extract-pdf';
import { NO_TEXT_MESSAGE, extractTxt, textToDocument } from './extract-text';
import { IngestError } from './types';
import type { ExtractedDocument, SourceFormat } from './types';

const FORMAT_NAMES: Record<SourceFormat, string> = { pdf: 'PDF', docx: 'DOCX', epub: 'EPUB', txt: 'text' };

/**
 * Extracts a format-neutral document from an upload whose format `detectFormat` decided. Every
 * failure, including ones the parsers didn't anticipate, comes out as an IngestError.
 */
export async function extractDocument(bytes: Uint8Array, format: SourceFormat): Promise<ExtractedDocument> {
  let doc: ExtractedDocument;
  try {
    doc = await extractByFormat(bytes, format);
  } catch (error) {
    if (error instanceof IngestError) throw error;
    const wrapped = new IngestError(
      'corrupt',
      `This ${FORMAT_NAMES[format]} file is damaged and can't be read.`,
    );
    wrapped.cause = error;
    throw wrapped;
  }
  return requireText(doc);
}

/** Pasted text goes through the same plain-text rules as an uploaded .txt file. */
export function documentFromText(text: string): ExtractedDocument {
  return requireText(textToDocument(text));
}

function extractByFormat(
  bytes: Uint8Array,
  format: SourceFormat,
): Promise<ExtractedDocument> | ExtractedDocument {
  switch (format) {
    case 'pdf':
      return extractPdf(bytes);
    case 'docx':
      return extractDocx(bytes);
    case 'epub':
      return extractEpub(bytes);
    case 'txt':
      return extractTxt(bytes);
  }
}

function requireText(doc: ExtractedDocument): ExtractedDocument {
  if (!doc.blocks.some((block) => /[\p{L}\p{N}]/u.test(block.text))) {
    throw new IngestError('no_text', NO_TEXT_MESSAGE);
  }
  return doc;
}
