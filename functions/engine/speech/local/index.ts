import { WavWriter } from '../../media/wav';
import type { SpeechEngine, SpeechRequest, SpeechResult, WordTiming } from '../types';
import { ESPEAK_SAMPLE_RATE, withEspeak, type EspeakVoiceSettings } from './espeak';
import { checkSpeechRequest } from '../request';
import { chunkText, tokenizeWords } from '../text';
import { visemeTimings, wordTimings, type PhonemeEvent } from '../timings';
import { chooseVoice, findVoice, listVoices, LOCAL_VOICES, POLLY_VOICES, type LocalVoice } from '../voices';

/**
 * Offline speech with espeak-ng: a 22 050 Hz mono WAV plus word timings and visemes. Long texts are
 * read paragraph by paragraph (chunks of at most CHUNK_CHARS), joined with short pauses.
 */
const CHUNK_CHARS = 1000;
const ESPEAK_DEFAULT_WPM = 175;
/** Pauses added between chunks, on top of espeak's own sentence-final pause. */
const PARAGRAPH_PAUSE = 0.35;
const SENTENCE_PAUSE = 0.05;

function espeakSettings(voice: LocalVoice, rate: number): EspeakVoiceSettings {
  const wordsPerMinute = Math.round(ESPEAK_DEFAULT_WPM * voice.espeak.speed * rate);
  return {
    voice: voice.espeak.voice,
    wordsPerMinute: Math.min(450, Math.max(80, wordsPerMinute)),
    pitch: voice.espeak.pitch,
    range: voice.espeak.range,
  };
}

async function synthesize(request: SpeechRequest): Promise<SpeechResult> {
  const { text, rate } = checkSpeechRequest(request);
  const settings = espeakSettings(findVoice(LOCAL_VOICES, POLLY_VOICES, request.voice), rate);
  const chunks = chunkText(text, { maxChars: CHUNK_CHARS, keepParagraphs: true });
  const words: WordTiming[] = [];
  const phonemes: PhonemeEvent[] = [];
  const duration = await withEspeak(async (espeak) => {
    const wav = await WavWriter.create(request.outputPath, { sampleRate: ESPEAK_SAMPLE_RATE, channels: 1 });
    try {
      for (const [index, chunk] of chunks.entries()) {
        const piece = text.slice(chunk.start, chunk.end);
        const speech = espeak.speak(piece, settings);
        const offset = wav.frames / ESPEAK_SAMPLE_RATE;
        words.push(
          ...wordTimings({
            tokens: tokenizeWords(piece),
            anchors: speech.anchors,
            phonemes: speech.phonemes,
            duration: speech.samples.length / ESPEAK_SAMPLE_RATE,
            offset,
            charOffset: chunk.start,
          }),
        );
        phonemes.push(...speech.phonemes.map((event) => ({ ...event, time: event.time + offset })));
        await wav.write(speech.samples);
        if (index < chunks.length - 1) {
          phonemes.push({ time: wav.frames / ESPEAK_SAMPLE_RATE, phoneme: '' });
          await wav.writeSilence(chunk.paragraphEnd ? PARAGRAPH_PAUSE : SENTENCE_PAUSE);
        }
      }
    } catch (error) {
      await wav.discard();
      throw error;
    }
    return wav.close();
  });
  return {
    path: request.outputPath,
    format: 'wav',
    sampleRate: ESPEAK_SAMPLE_RATE,
    duration,
    words,
    visemes: visemeTimings(phonemes, 0),
  };
}

export function createLocalSpeechEngine(): SpeechEngine {
  return {
    voices: (language) => listVoices(LOCAL_VOICES, language),
    voiceFor: (choice) => chooseVoice(LOCAL_VOICES, choice),
    synthesize,
  };
}
