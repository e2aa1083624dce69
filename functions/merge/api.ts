import { z } from 'zod';
import { MERGE_LIMITS, mergeMessages } from '../contracts/merge';
import {
  completeUploadRequest,
  mergeRequest,
  presignPartsRequest,
  previewRequest,
  smallUploadFields,
  startUploadRequest,
} from '../contracts/merge-requests';
import { createApiHandler } from '../lib/api-handler';
import { BadRequestError } from '../lib/errors';
import { accepted, created, defineHandler, noContent, ok, requireUser } from '../lib/http';
import { parseMultipart } from '../lib/multipart';
import { merge } from './instance';

/** The Merge studio's routes (see contracts/merge.ts for the table and the rules). */
const idParam = z.object({ id: z.string().max(100) });

const startUpload = defineHandler({ body: startUploadRequest }, async (ctx) =>
  created(await merge().startUpload(requireUser(ctx).userId, ctx.body)),
);

const signUploadParts = defineHandler({ params: idParam, body: presignPartsRequest }, async (ctx) =>
  ok(await merge().signParts(requireUser(ctx).userId, ctx.params.id, ctx.body.part_numbers)),
);

const completeUpload = defineHandler({ params: idParam, body: completeUploadRequest }, async (ctx) =>
  ok(await merge().completeUpload(requireUser(ctx).userId, ctx.params.id, ctx.body.parts)),
);

const abortUpload = defineHandler({ params: idParam }, async (ctx) => {
  await merge().abortUpload(requireUser(ctx).userId, ctx.params.id);
  return noContent();
});

const listUploads = defineHandler({}, async (ctx) =>
  ok({ uploads: await merge().uploads(requireUser(ctx).userId) }),
);

const getUpload = defineHandler({ params: idParam }, async (ctx) =>
  ok(await merge().upload(requireUser(ctx).userId, ctx.params.id)),
);

/** POST /merge/upload: multipart/form-data with `file` and `file_type` (video or audio), ≤ 4 MB. */
const uploadFile = defineHandler({ rawBody: true }, async (ctx) => {
  const user = requireUser(ctx);
  const form = await parseMultipart(ctx.rawBody, ctx.headers['content-type'], {
    maxFileBytes: MERGE_LIMITS.maxSmallUploadBytes,
    tooLargeMessage: mergeMessages.smallUploadTooLarge,
  });
  const fields = smallUploadFields.safeParse(form.fields);
  if (!fields.success)
    throw new BadRequestError(
      fields.error.issues[0]?.message ?? 'file_type must be video or audio.',
      'validation_error',
    );
  const file = form.files.file;
  if (!file) throw new BadRequestError(mergeMessages.fileRequired, 'missing_file');
  return created(await merge().uploadSmall(user.userId, file, fields.data.file_type));
});

const startMerge = defineHandler({ body: mergeRequest }, async (ctx) =>
  accepted(await merge().start(requireUser(ctx).userId, ctx.body)),
);

const mergeStatus = defineHandler({ params: idParam }, async (ctx) =>
  ok(await merge().status(requireUser(ctx).userId, ctx.params.id)),
);

const listMerges = defineHandler({}, async (ctx) =>
  ok({ merges: await merge().list(requireUser(ctx).userId) }),
);

const mergeLibrary = defineHandler({}, async (ctx) =>
  ok({ videos: await merge().library(requireUser(ctx).userId) }),
);

const retryMerge = defineHandler({ params: idParam }, async (ctx) =>
  accepted(await merge().retry(requireUser(ctx).userId, ctx.params.id)),
);

const downloadMerge = defineHandler({ params: idParam }, async (ctx) =>
  ok(await merge().download(requireUser(ctx).userId, ctx.params.id)),
);

const startPreview = defineHandler({ body: previewRequest }, async (ctx) =>
  accepted(await merge().preview(requireUser(ctx).userId, ctx.body)),
);

const previewStatus = defineHandler({ params: idParam }, async (ctx) =>
  ok(await merge().previewStatus(requireUser(ctx).userId, ctx.params.id)),
);

export const handlers = {
  startUpload,
  signUploadParts,
  completeUpload,
  abortUpload,
  listUploads,
  getUpload,
  uploadFile,
  startMerge,
  mergeStatus,
  listMerges,
  mergeLibrary,
  retryMerge,
  downloadMerge,
  startPreview,
  previewStatus,
};
export const handler = createApiHandler('merge', handlers);
