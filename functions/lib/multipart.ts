import busboy from 'busboy';
import { BadRequestError, PayloadTooLargeError } from './errors';

export interface MultipartFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: Record<string, MultipartFile>;
}

/**
 * Parses a multipart/form-data body that API Gateway delivered in full (base64 in the event).
 * Files over `maxFileBytes` are refused with 413 without keeping their bytes.
 */
export function parseMultipart(
  body: Buffer | undefined,
  contentType: string | undefined,
  options: { maxFileBytes: number; tooLargeMessage: string },
): Promise<MultipartBody> {
  if (!contentType?.toLowerCase().startsWith('multipart/form-data')) {
    return Promise.reject(new BadRequestError('Expected a multipart/form-data body'));
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: Record<string, MultipartFile> = {};
    let failure: Error | null = null;
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: { fileSize: options.maxFileBytes, files: 4, fields: 50, fieldSize: 6 * 1024 * 1024 },
      });
    } catch {
      reject(new BadRequestError('The multipart body is malformed.'));
      return;
    }
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        failure = new PayloadTooLargeError(options.tooLargeMessage, 'file_too_large');
        chunks.length = 0;
      });
      stream.on('close', () => {
        if (failure) return;
        files[name] = {
          filename: info.filename ?? '',
          contentType: info.mimeType,
          data: Buffer.concat(chunks),
        };
      });
    });
    parser.on('error', () => reject(new BadRequestError('The multipart body is malformed.')));
    parser.on('close', () => (failure ? reject(failure) : resolve({ fields, files })));
    parser.end(body ?? Buffer.alloc(0));
  });
}
