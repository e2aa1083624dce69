/**
 * The mood a reader would name for a passage, from what the passage feels (its sentiment), for the
 * scene's music and ambience. Each mood has a vocabulary of feelings, sights and sounds that carry
 * it; a word ending in `*` stands for every word it begins (`terr*`: terror, terrified, terrible),
 * `:2` marks a word that says the mood outright. A cue right after a negation ("not afraid", "no
 * fear") does not count. A passage that says little about how it feels is calm.
 */
import { MOODS, type Mood } from '../types';
import { lowerWords } from '../strings';

const MOOD_CUES: Record<Mood, string> = {
  calm: `quiet* peace* gentl* calm* soft* resting slow* seren* warm drows* patien* content*
    pleasant* comfort* tranquil* sunny sunshine sunlight breeze meadow* grass daisies buttercups flowers
    lovely pretty smooth leisure* shade sleep* slept asleep stroll* cool mild placid homely cosy
    cozy tidy neat orderly punctual`,
  joyful: `laugh*:2 smil* happ*:2 joy*:2 delight*:2 cheer* celebrat* merr*:2 grin* glad* bright danc*
    hurrah:2 jolly:2 fun amus* pleasure* gay gaily lively bless* hearty excite* flutter* splendid charming
    delicious enjoy* grateful gratitude whoop:2 frolic* gleam* sparkl* festiv* feast* jest* playful
    capital brightest gorgeous beauty beautiful marvel* rejoic* wonderful wonderfully`,
  tense: `fear* afraid danger* sudden* shout* sharp grip* tense nervous* threat* blade hurr* urgent* trembl*
    panic* warn* slam* terr*:2 fright*:2 dread*:2 shudder* knife dirk cutlass* musket* pistol* shot fired
    fight* fought blow struck roar* scream* flee fled escap* chase* seiz* grasp* clutch* snatch* attack*
    assail* blood wound* kill* suspense anxi* alarm* desperat* brute* scrambl* crouch* pursu* clamor*
    clamour* rear reared plunged strain* aghast stab* slash* gun* fierce* snarl* assault* ambush* peril*
    intently stealth* crept struggl* pursued surround* demanding onslaught`,
  mysterious: `strange*:2 secret* hidden unknown myster*:2 puzzl* clue* whisper* locked riddle* vanish*
    curious* queer* inscription* cipher enigma* inexplicabl* wonder* unexplain* theory conjectur* surmise
    notion obscure* disguis* conceal* unaccount* baffl* peculiar* odd oddly crosses cryptic`,
  sad: `tear* wept weep*:2 grief:2 griev*:2 sorrow*:2 lost alone mourn*:2 died death grave sad*:2 empty
    lonel*:2 sobb* regret* forlorn* melanchol*:2 homesick* pain* pitiful pathetic forgotten farewell
    goodbye miser* wretch* despair* unhappy failing sick* illness ill burial funeral sacrific* penance
    mortification sigh* wistful* groan* die dies dying memory heavy weary dismal* poor orphan* bereav* widow* neglect* unloved`,
  romantic: `love*:2 kiss*:2 tender* beloved:2 embrac* blush* longing darling:2 sweetheart:2 ador* dearest:2
    husband marry married marriage affection* passion* devot* caress* courtship lover* heart hearts
    proposal propos* wooing`,
  dramatic: `confront* betray* furious* anger angry demand* truth reveal* confession quarrel* accus* defian*
    defy rage raging outrage* indignan* scorn* insult* vow* swear dares challeng* stake bellow* denounc*
    shame* disgrac* ruin* thunder* oath* furious* storm* stormed`,
  eerie: `cold silence silent ghost*:2 fog mist* pale dead creak* howl*:2 eerie:2 hollow grey gray gloom*
    phantom* spectr*:2 unearthly:2 shadow* moonlight darkness dark haunt*:2 bones skeleton* corpse* tomb*
    coffin* churchyard crypt* dust dusty cobweb* spider* wolves wolf bats chain* clank* abyss nocturnal
    bleached obscene luminous eclipse blackness swamp bog decay* rot rotting repuls* horror* horrible
    hideous weird:2 uncanny:2 reek gnaw* moaning wailing apparition* spirit* doom* deadly evil fiend*
    gaunt livid ghastl*:2 dreadful creep*`,
  epic: `army armies battle* kingdom* vast legend* mountains glory glorious ancient soldiers banners sword*
    war warrior* legions empire* conquer* triumph* heroic hero heroes charg* cavalry siege* fortress
    multitude* battlements armour armor helmet* gates ramparts`,
};

const NEGATIONS = new Set(['not', 'no', 'never', 'nor', 'without', 't', 'neither', 'nothing']);

interface Cue {
  mood: Mood;
  weight: number;
}

const exact = new Map<string, Cue[]>();
const prefixes: (Cue & { stem: string })[] = [];
for (const mood of MOODS) {
  for (const entry of MOOD_CUES[mood].split(/\s+/).filter(Boolean)) {
    const [term, weight] = entry.split(':') as [string, string | undefined];
    const cue = { mood, weight: weight ? Number(weight) : 1 };
    if (term.endsWith('*')) prefixes.push({ ...cue, stem: term.slice(0, -1) });
    else exact.set(term, [...(exact.get(term) ?? []), cue]);
  }
}

/** A word listed whole is read as listed ("wonderful" is joy, not the wonder of a mystery); any other by its stems. */
function cuesOf(word: string): Cue[] {
  const listed = exact.get(word);
  if (listed) return listed;
  const found: Cue[] = [];
  for (const p of prefixes)
    if (word.startsWith(p.stem) && !found.some((f) => f.mood === p.mood)) found.push(p);
  return found;
}

/** How strongly the passage's words carry each mood (negated cues left out). */
export function moodScores(text: string): Record<Mood, number> {
  const scores = Object.fromEntries(MOODS.map((m) => [m, 0])) as Record<Mood, number>;
  const words = lowerWords(text);
  words.forEach((word, i) => {
    const negated = NEGATIONS.has(words[i - 1] ?? '') || NEGATIONS.has(words[i - 2] ?? '');
    if (negated) return;
    for (const cue of cuesOf(word)) scores[cue.mood] += cue.weight;
  });
  return scores;
}

/**
 * The passage's mood: the one its words carry most. Calm words count for calm, and a passage
 * whose strongest feeling is faint (under two cues, or under one in a hundred words) is calm too:
 * matter-of-fact prose asks for quiet music, not drama.
 */
export function moodOf(text: string): Mood {
  const scores = moodScores(text);
  const words = lowerWords(text).length;
  // A feeling that ties with calm words wins: one cutlass outweighs one soft voice.
  let best: Mood | undefined;
  for (const mood of MOODS) if (mood !== 'calm' && scores[mood] > (best ? scores[best] : 0)) best = mood;
  if (!best || scores[best] < scores.calm || scores[best] < Math.max(2, words / 100)) return 'calm';
  return best;
}
