/**
 * Word lists of the reading stages: the verbs that tag a quotation with its speaker, and the nouns
 * that describe a person ("the old gentleman", "his wife") with the sex they imply.
 */
import { SPEECH_VERBS } from '../lexicon';

const words = (list: string): Set<string> => new Set(list.trim().split(/\s+/));

/**
 * Verbs of a speech tag, past and present ("said", "says"). Broader than `SPEECH_VERBS`: novels
 * tag lines with how they are said ("returned", "rejoined", "faltered") as much as with "said".
 */
export const TAG_VERBS = new Set([
  ...SPEECH_VERBS.keys(),
  ...words(`
    say said says saith quoth asked asks replied replies answered answers cried cries exclaimed exclaims returned
    returns rejoined rejoins retorted retorts responded responds resumed resumes pursued pursues continued continues
    added adds observed observes remarked remarks interposed interposes interrupted interrupts urged urges pleaded
    pleads begged begs inquired inquires enquired enquires demanded demands whispered whispers murmured murmurs
    muttered mutters shouted shouts screamed screams shrieked shrieks yelled yells roared roars bawled bawls
    bellowed bellows called calls sobbed sobs sighed sighs groaned groans moaned moans gasped gasps panted pants
    stammered stammers stuttered faltered falters laughed laughs chuckled chuckles giggled giggles sneered sneers
    snapped snaps snarled snarls growled growls grumbled grumbles grunted grunts hissed hisses thundered thunders
    explained explains declared declares protested protests insisted insists suggested suggests proposed proposes
    admitted admits confessed confesses agreed agrees assented assents objected objects argued argues reasoned
    repeated repeats echoed echoes ventured ventures hazarded persisted persists cautioned warned warns
    promised promises assured assures reminded reminds told tells informed informs announced announces
    began begins concluded concludes finished finishes commenced ended ends went goes broke put struck chimed
    called cried spoke speaks sang sings chanted wailed wails whimpered lisped drawled blurted blustered
    smiled smiles grinned grins nodded frowned mused muses reflected reflects thought thinks wondered wonders
    corrected corrects explained replied soothed soothes consoled consoles coaxed coaxes entreated entreats
    implored implores besought beseeched expostulated remonstrated remonstrates exclaimed ejaculated
    acquiesced conceded concedes retorted rejoined responded breathed breathes uttered utters added
    cried screeched squeaked squealed howled howls barked barks piped pipes chirped trilled gurgled
    inquired interrupted queried queries questioned sneered taunted teased jeered scoffed scolded scolds
    exploded burst whisper exclaim reply ask accosted moralised moralized asserted asserts instructed
    commanded advised counselled counseled demurred affirmed averred corroborated comforted subjoined
  `),
]);

/** Words after a tag verb that complete it ("went on", "broke in", "cried out"). */
export const TAG_PARTICLES = words('on in out up forth again');

/** Verbs that only tag speech with one of the particles ("went on", "broke in", "put in"). */
export const PARTICLE_VERBS = words('went goes broke put struck chimed burst');

/** Nouns that describe a person, with the sex they imply ('unknown' for "child", "doctor"). */
export const PERSON_NOUNS = new Map<string, 'male' | 'female' | 'unknown'>([
  ...[
    ...words(`
      man gentleman boy lad fellow husband father son brother uncle nephew grandfather king prince duke lord
      sir master squire gentlemen youth chap monk priest vicar rector curate parson clergyman friar abbot
      beadle waiter butler footman coachman groom landlord host innkeeper barman porter watchman policeman
      constable sergeant soldier sailor colonel captain major general admiral lieutenant baronet knight
      count earl baron emperor sultan shah papa dad daddy grandpa hero widower bridegroom bachelor gaffer
      boatman ferryman fisherman farmer shepherd ploughman blacksmith smith carpenter baker butcher tailor
      jew magistrate judge mayor alderman governor beggar tramp vagrant`),
  ].map((n) => [n, 'male'] as const),
  ...[
    ...words(`
      woman lady girl lass wife mother daughter sister aunt niece grandmother queen princess duchess
      countess baroness mistress madam madame maid maiden housemaid nurse governess landlady hostess
      widow bride spinster matron mama mamma mum mummy grandma granny heroine nun abbess witch
      dame duenna chambermaid cook laundress seamstress milliner dairymaid`),
  ].map((n) => [n, 'female'] as const),
  ...[
    ...words(`
      child baby infant person stranger visitor traveller traveler guest creature monster doctor surgeon
      physician lawyer attorney clerk servant officer inspector detective professor teacher student
      pupil friend companion prisoner speaker voice figure individual youngster orphan cousin
      neighbour neighbor narrator wretch villain fiend daemon demon ghost spirit phantom apparition being
      savage invalid patient owner keeper driver cabman guard gaoler jailer sentinel sentry messenger
      coroner parent relative relation`),
  ].map((n) => [n, 'unknown'] as const),
]);

/** Words between "the" and a person noun ("the old gentleman", "the little girl"). */
export const PERSON_ADJECTIVES = words(`
  old young little elder elderly younger eldest youngest poor good kind dear worthy honest tall short stout fat
  thin lean pale grey gray gray-haired grey-haired white-haired red-haired dark fair handsome pretty beautiful ugly
  other same first second third last strange unknown mysterious invisible wooden-legged wretched miserable
  angry excited astonished surprised
`);

/** Subject pronouns of a tag, with their sex. */
export const PRONOUN_GENDER: Record<string, 'male' | 'female' | 'self' | 'plural'> = {
  he: 'male',
  she: 'female',
  i: 'self',
  we: 'plural',
  they: 'plural',
};
