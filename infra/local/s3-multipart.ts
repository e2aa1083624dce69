import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { join } from 'node:path';

/**
 * What s3rver lacks for browser multipart uploads, answered from its own files: ListParts (which
 * parts arrived, with their ETags and sizes, so an upload is checked before it is completed) and an
 * AbortMultipartUpload that also works before any part arrived (s3rver's fails then). s3rver keeps
 * an upload's parts as `<directory>/<bucket>/._S3rver_uploads/<uploadId>/<partNumber>` (+ `.md5`).
 * Runs behind the signature check, like everything else the local S3 serves.
 */
const xml = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) });
  res.end(body);
};

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

export function s3MultipartExtras(directory: string, serve: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const uploadId = url.searchParams.get('uploadId');
    const listing = req.method === 'GET' && uploadId && !url.searchParams.has('partNumber');
    const aborting = req.method === 'DELETE' && uploadId;
    if (!listing && !aborting) return serve(req, res);
    const [, bucket = '', ...keyParts] = url.pathname.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    if (!/^[0-9a-f]{32}$/.test(uploadId) || !/^[a-z0-9.-]{3,63}$/.test(bucket)) {
      xml(res, 404, '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code></Error>');
      return;
    }
    const dir = join(directory, bucket, '._S3rver_uploads', uploadId);
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      xml(res, 404, '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code></Error>');
      return;
    }
    if (aborting) {
      rmSync(dir, { recursive: true, force: true });
      res.writeHead(204).end();
      return;
    }
    const parts = names
      .filter((name) => /^\d+$/.test(name) && names.includes(`${name}.md5`))
      .map(Number)
      .sort((a, b) => a - b)
      .map((n) => ({
        n,
        size: statSync(join(dir, String(n))).size,
        etag: readFileSync(join(dir, `${n}.md5`), 'utf8').trim(),
      }));
    xml(
      res,
      200,
      '<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
        `<Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId>` +
        `<MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>` +
        parts
          .map(
            (p) =>
              `<Part><PartNumber>${p.n}</PartNumber><ETag>&quot;${p.etag}&quot;</ETag><Size>${p.size}</Size></Part>`,
          )
          .join('') +
        '</ListPartsResult>',
    );
  };
}
