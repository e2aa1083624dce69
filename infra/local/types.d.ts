declare module 'dynalite' {
  import type { Server } from 'node:http';
  export default function dynalite(options: {
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
  }): Server;
}

declare module 's3rver' {
  import type { RequestListener } from 'node:http';
  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      directory: string;
      silent?: boolean;
      resetOnClose?: boolean;
      allowMismatchedSignatures?: boolean;
      configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
    });
    run(): Promise<{ address: string; port: number }>;
    /** Creates the configured buckets (run() does it before listening). */
    configureBuckets(): Promise<void>;
    /** The Koa request listener, to serve s3rver from another HTTP server. */
    callback(): RequestListener;
    close(): Promise<void>;
    on(
      event: 'event',
      listener: (event: {
        Records: {
          eventName: string;
          s3: { bucket: { name: string }; object: { key: string; size?: number } };
        }[];
      }) => void,
    ): this;
  }
}
