import { creatorMessages, type CreatorCapabilities } from '../contracts/creator';
import { engineConfig } from '../engine/config';

/** A text model is configured: ENGINE_TEXT_PROVIDER names one instead of the offline engine. */
export const hasTextModel = () => engineConfig().ENGINE_TEXT_PROVIDER !== 'local';

/** What the generate actions do on this server, so the page says it before the user tries. */
export function creatorCapabilitiesOf(): CreatorCapabilities {
  const textModel = hasTextModel();
  return {
    text_model: textModel,
    text_provider: engineConfig().ENGINE_TEXT_PROVIDER,
    script: { mode: textModel ? 'written' : 'arranged' },
    book: { available: textModel, reason: textModel ? null : creatorMessages.bookNeedsModel },
  };
}
