import { bindContext } from '../lib/bind';
import { chapterImagesOf } from './reads';
import { listImages, startScene, startCharacter, imageStatus, deleteImage } from './requests';
import { drawingOf, recordDrawn, removeReplaced, recordFailed, keyFor } from './drawing';
import { imagesContext } from './common';
import type { ImagesDeps } from './common';

export { sceneFromDescription } from './common';
export type { ImagesDeps } from './common';

/**
 * Scene and character images of a chapter (the Images tab). Each picture is drawn by a job whose id
 * is the image record's id; the API answers at once and the SPA polls the status route. A scene's
 * plot characters are drawn with the look their portrait fixed. Redrawing a scene (or a character)
 * replaces that scene's previous picture once the new one is done, and nothing else. Every route
 * checks that the caller owns the chapter's book: anything else is a 404.
 */
export function createImagesService(input: ImagesDeps) {
  const deps = imagesContext(input);
  return {
    ...bindContext(deps, {
      chapterImagesOf,
      list: listImages,
      startScene,
      startCharacter,
      status: imageStatus,
      delete: deleteImage,
      drawing: drawingOf,
      recordDrawn,
      removeReplaced,
      recordFailed,
      keyFor,
    }),
    repository: deps.repo,
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
