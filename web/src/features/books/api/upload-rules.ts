/** Files above this go straight to storage with a presigned URL (the API carries up to ~6 MB). */
export const DIRECT_UPLOAD_THRESHOLD = 4 * 1024 * 1024;

export const isDirectUpload = (file: Pick<File, 'size'> | null | undefined) =>
  Boolean(file && file.size > DIRECT_UPLOAD_THRESHOLD);
