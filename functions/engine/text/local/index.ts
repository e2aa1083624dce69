/**
 * The offline text engine: extractive summaries, heuristic and lexicon-based analysis with small
 * help from `compromise`, all deterministic for a given input and seed.
 */
import type { TextEngine } from '../types';
import { generateText } from './generate';
import { buildPlotOverview } from './plot';
import { buildQuiz } from './quiz';
import { analyzeSafety } from './safety';
import { buildScreenplay } from './screenplay';
import { keyPoints, summarize } from './summarize';
import { assertChapters, assertChapterText, resolveSummaryLimits } from '../validate';

export function createLocalTextEngine(): TextEngine {
  return {
    async summarize({ text, maxSentences, maxKeyPoints }) {
      const valid = assertChapterText(text);
      const limits = resolveSummaryLimits(maxSentences, maxKeyPoints);
      return {
        summary: summarize(valid, { maxSentences: limits.sentences, maxChars: limits.sentences * 260 }),
        key_points: keyPoints(valid, limits.keyPoints),
      };
    },
    // Profiles are seeded by each character's name, not by the request, so a character keeps the
    // same invented details in every overview; the request seed has nothing else to vary.
    async plotOverview({ chapters }) {
      return buildPlotOverview(assertChapters(chapters));
    },
    async screenplay(input) {
      return buildScreenplay(input);
    },
    async quiz(input) {
      return buildQuiz(input);
    },
    async generate(input) {
      return { text: generateText(input) };
    },
    async analyzeSafety({ text }) {
      return analyzeSafety(assertChapterText(text));
    },
  };
}
