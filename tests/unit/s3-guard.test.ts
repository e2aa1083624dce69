import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { guardS3 } from '../../infra/local/service-guard';

const credentials = { accessKeyId: 'LOCALKEY', secretAccessKey: 'secret' };

/** The request the guard hands to s3rver (or null when it answered itself). */
function through(method: string, url: string, headers: Record<string, string> = {}) {
  let served: IncomingMessage | null = null;
  const req = { method, url, headers: { host: '127.0.0.1:1', ...headers } } as unknown as IncomingMessage;
  let status = 0;
  const res = {
    setHeader: () => res,
    writeHead: (code: number) => {
      status = code;
      return res;
    },
    end: () => res,
  } as unknown as ServerResponse;
  guardS3(credentials, (r) => {
    served = r;
  })(req, res);
  return { served: served as IncomingMessage | null, status };
}

describe('the local S3 guard', () => {
  it("lets a browser's preflight of a presigned part upload reach the CORS rule without the signature", () => {
    const { served } = through(
      'OPTIONS',
      '/bucket/merge/key?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=LOCALKEY%2F20261124&X-Amz-Signature=ab&partNumber=1&uploadId=u1&x-id=UploadPart',
      { origin: 'http://localhost:3000', 'access-control-request-method': 'PUT' },
    );
    expect(served?.url).toBe('/bucket/merge/key?partNumber=1&uploadId=u1&x-id=UploadPart');
  });

  it('still refuses an unsigned PUT', () => {
    const { served, status } = through('PUT', '/bucket/merge/key?partNumber=1&uploadId=u1');
    expect(served).toBeNull();
    expect(status).toBe(403);
  });
});
