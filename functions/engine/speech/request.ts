import { EngineError } from '../types';
import type { SpeechRequest } from './types';
import { MAX_SPEECH_CHARS, speakableText, tokenizeWords } from './text';

export const MIN_RATE = 0.5;
export const MAX_RATE = 2;

export interface CheckedSpeechRequest {
  /** The text made safe to send (same length as the request's, so offsets match it). */
  text: string;
  rate: number;
}

/** Validates what every speech engine needs, with messages for the person who asked. */
export function checkSpeechRequest(request: SpeechRequest): CheckedSpeechRequest {
  if (typeof request.text !== 'string' || !request.text.trim()) {
    throw new EngineError('invalid_input', 'There is no text to read aloud.');
  }
  if (request.text.length > MAX_SPEECH_CHARS) {
    throw new EngineError(
      'text_too_long',
      `The text is too long to read aloud in one go (${request.text.length.toLocaleString('en')} characters; the limit is ${MAX_SPEECH_CHARS.toLocaleString('en')}). Split it into parts.`,
    );
  }
  const text = speakableText(request.text);
  if (!tokenizeWords(text).length) {
    throw new EngineError('invalid_input', 'The text has no words to read aloud.');
  }
  const rate = request.rate ?? 1;
  if (!Number.isFinite(rate) || rate < MIN_RATE || rate > MAX_RATE) {
    throw new EngineError('invalid_params', `The speaking rate must be between ${MIN_RATE} and ${MAX_RATE}.`);
  }
  if (!request.outputPath)
    throw new EngineError('invalid_params', 'No output file was given for the speech.');
  return { text, rate };
}
