/**
 * Lexicon-based content rating. Whole words and phrases only; common idioms ("shot a glance",
 * "killing time") are ignored. A rough guide for choosing an audience, not a moderation system.
 */
import type { SafetyReport } from '../types';
import { sentenceSpans, truncateText } from '../sentences';
import { escapeRegExp } from '../strings';

type Flag = SafetyReport['flags'][number];
type Category = Flag['category'];
type Severity = Flag['severity'];

const list = (words: string): string[] => words.trim().split(/\s*,\s*/);

const LEXICON: Record<Category, Record<Severity, string[]>> = {
  violence: {
    low: list(
      'fight, fought, hit, punch, punched, slap, slapped, struck, wound, wounded, bruised, sword, gun, weapon, battle, armed, attack',
    ),
    medium: list(
      'blood, bleeding, stab, stabbed, shot, shoot, shooting, kill, killed, killing, attacked, beaten, strangled, poison, poisoned, corpse, dead body, murder, murdered, murderer',
    ),
    high: list(
      'massacre, slaughter, slaughtered, decapitated, beheaded, tortured, torture, mutilated, dismembered, gore, gory, disembowelled, butchered',
    ),
  },
  sexual: {
    low: list('kiss, kissed, kissing, embrace, embraced, flirt, flirted, caress, caressed'),
    medium: list('naked, nude, undressed, seduce, seduced, lust, aroused, made love, make love, breasts'),
    high: list('sex, intercourse, orgasm, erotic, porn, pornography, genitals, rape, raped'),
  },
  language: {
    low: list('damn, damned, bloody, crap, bugger'),
    medium: list('shit, bastard, bitch, arse, piss, dick'),
    high: list('fuck, fucking, fucked, cunt, motherfucker'),
  },
  self_harm: {
    low: list('self-destructive'),
    medium: list(
      'suicide, suicidal, self-harm, overdose, hanged himself, hanged herself, kill himself, kill herself',
    ),
    high: list(
      'kill myself, killing myself, end my life, cut myself, cutting myself, slit my wrists, want to die',
    ),
  },
  drugs: {
    low: list('wine, beer, ale, brandy, whisky, whiskey, drunk, tobacco, cigarette, rum, gin, vodka'),
    medium: list('opium, cocaine, heroin, drugs, marijuana, cannabis, stoned, laudanum, hashish'),
    high: list('inject heroin, injected, overdosed, meth, methamphetamine, crack cocaine'),
  },
  hate: {
    low: list('bigot, bigoted'),
    medium: list('inferior race, subhuman, savages, go back to your country, racist'),
    high: list(
      'ethnic cleansing, white power, master race, nigger, kike, faggot, chink, spic, wetback, raghead',
    ),
  },
};

const IDIOMS =
  /\b(?:shot (?:a|her|him|them|me) (?:glance|look)|killing time|kill time|dying to|dead tired|fight back tears|hit it off|hit the road|struck (?:her|him|me) as|bloody mary)\b/gi;

const SEVERITIES: Severity[] = ['high', 'medium', 'low'];
const MAX_FLAGS_PER_CATEGORY = 3;

interface Hit {
  category: Category;
  severity: Severity;
  offset: number;
}

const PATTERNS = (Object.keys(LEXICON) as Category[]).flatMap((category) =>
  SEVERITIES.map((severity) => ({
    category,
    severity,
    pattern: new RegExp(`\\b(?:${LEXICON[category][severity].map(escapeRegExp).join('|')})\\b`, 'gi'),
  })),
);

function findHits(text: string): Hit[] {
  const clean = text.replace(IDIOMS, (m) => ' '.repeat(m.length));
  const hits: Hit[] = [];
  for (const { category, severity, pattern } of PATTERNS) {
    for (const match of clean.matchAll(pattern)) hits.push({ category, severity, offset: match.index });
  }
  return hits;
}

function rate(hits: readonly Hit[]): SafetyReport['rating'] {
  const count = (category: Category | undefined, severity: Severity) =>
    hits.filter((h) => (!category || h.category === category) && h.severity === severity).length;
  const mediumViolence = count('violence', 'medium');
  if (count(undefined, 'high') > 0 || mediumViolence >= 12 || count('sexual', 'medium') >= 3) return 'mature';
  const lowCounted = hits.filter(
    (h) => h.severity === 'low' && h.category !== 'drugs' && h.category !== 'violence',
  ).length;
  if (count(undefined, 'medium') > 0 || lowCounted >= 3 || count('violence', 'low') >= 8) return 'teen';
  return 'general';
}

export function rateText(text: string): SafetyReport['rating'] {
  return rate(findHits(text));
}

/**
 * The rating a text would have without its violence: a tale's threats and battles ("Off with her
 * head!", pirates "massacred") are how children's adventures and fantasies are told.
 */
export function rateWithoutViolence(text: string): SafetyReport['rating'] {
  return rate(findHits(text).filter((h) => h.category !== 'violence'));
}

export function analyzeSafety(text: string): SafetyReport {
  const hits = findHits(text);
  const rating = rate(hits);
  const spans = sentenceSpans(text);
  const flags: Flag[] = [];
  for (const category of Object.keys(LEXICON) as Category[]) {
    const ofCategory = hits
      .filter((h) => h.category === category)
      .sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) || a.offset - b.offset);
    const excerpts = new Set<string>();
    for (const hit of ofCategory) {
      if (excerpts.size >= MAX_FLAGS_PER_CATEGORY) break;
      const excerpt = excerptAt(text, spans, hit.offset);
      if (excerpts.has(excerpt)) continue;
      excerpts.add(excerpt);
      flags.push({ category, severity: hit.severity, excerpt });
    }
  }
  return { rating, safe: rating !== 'mature', flags };
}

function excerptAt(text: string, spans: ReturnType<typeof sentenceSpans>, offset: number): string {
  const span = spans.find((s) => offset >= s.start && offset < s.end);
  const sentence = span ? span.text : text.slice(Math.max(0, offset - 80), offset + 80);
  return truncateText(sentence.replace(/\s+/g, ' ').trim(), 200);
}
