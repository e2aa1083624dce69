/**
 * Word lists behind the local text engine's heuristics. Kept in one place so the analysers stay
 * readable and the lists can be tuned without touching the logic.
 */
import type { Mood, TimeOfDay } from '../types';

const words = (list: string): Set<string> => new Set(list.trim().split(/\s+/));

/** Titles that precede a name; the value is the gender the title implies. */
export const NAME_TITLES = new Map<string, 'male' | 'female' | 'unknown'>([
  ...[
    ...words(
      'mr mister sir lord king prince duke baron count earl father uncle brother monsieur herr señor master mars marse massa',
    ),
  ].map((t) => [t, 'male'] as const),
  ...[
    ...words(
      'mrs ms miss lady queen princess duchess baroness countess mother aunt sister madam madame mademoiselle frau dame mistress',
    ),
  ].map((t) => [t, 'female'] as const),
  ...[
    ...words(
      "dr doctor prof professor captain capt cap'n inspector detective sergeant sgt lieutenant lt colonel col general major admiral " +
        'commander officer constable judge reverend rev saint st old young little big',
    ),
  ].map((t) => [t, 'unknown'] as const),
]);

/** Capitalised words that are never names, even in the middle of a sentence. */
export const NOT_NAMES = words(`
  I I'm I'd I'll I've He She It We They You His Her Hers Its Our Their Your My Me Him Them Us Mine Yours Theirs
  The A An And But Or So Yet For Nor If When While Then Now There Here This That These Those What Who Whom Whose Why How
  Where Which After Before As At In On Of To From By With Without Into Onto Through Once Still Even Just Only All Some Any
  No Not Yes Oh Ah Aye Nay Alas Well Perhaps Maybe Suddenly Finally Later Meanwhile Soon Again Already Always Never
  Every Each Both Either Neither None Nothing Nobody Someone Somebody Something Everyone Everybody Everything Anyone
  Chapter Part Book Volume Prologue Epilogue Contents Introduction Preface Appendix Section Page
  Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September
  October November December Christmas Easter God Lord Heaven Hell Sir Madam Ma'am Mister Miss Mrs Mr Ms Dr
  English French German Spanish Italian Russian Chinese Japanese American British Irish Scottish Welsh Dutch Latin Greek
  Good Bad Dear Hello Goodbye Thank Thanks Please Sorry Hush Quick Come Go Look Listen Stop Wait Run Help Let Don't Can't
  Won't Didn't Isn't Wasn't Couldn't Wouldn't Shouldn't Mustn't Are Is Was Were Be Been Do Does Did Has Had Have Will
  Would Could Should Might Must Shall Can May One Two Three Four Five Six Seven Eight Nine Ten First Second Third Last
  Next Many Much More Most Few Such Other Another Own Same Like Unlike Upon Over Under Above Below Between Among Across
  Along Around Behind Beside Beyond Near Inside Outside Toward Towards Until Since Though Although Because Whether Unless
  Majesty Highness Excellency Lordship Ladyship Honour Honor Worship Reverence Eminence Holiness
  Sirs Gentlemen Ladies Madams Mesdames Messieurs Friends Comrades Brethren Countrymen
  OK Okay Mum Mom Dad Mama Mamma Papa Pa Ma Granny Grandma Grandpa North South East West Street Road
  Never Ever Besides However Therefore Instead Indeed Truly Surely Certainly Anyway Otherwise Together Alone Today Tonight
  Tomorrow Yesterday Morning Evening Night Afternoon Dawn Dusk Noon Midnight Later Earlier Outside Inside Above Below
  Eleven Twelve Twenty Thirty Forty Fifty Sixty Seventy Eighty Ninety Hundred Thousand Million Dozen Score
`);

/** Words before a capitalised phrase that mark it as a place, not a person. */
export const PLACE_PREPOSITIONS = words(
  'in at to from into toward towards near across through reached reach left leaving past beyond outside inside over behind below above',
);

/** Leading words of place names ("Port Kessel", "Mount Doom"). */
export const PLACE_PREFIXES = words(
  'port mount mont monte lake lac cape fort isle river bay glen loch saint st new north south east west upper lower',
);

/** Last words of place names ("Ashgrove Hall", "Thornwood Forest"). */
export const PLACE_SUFFIXES = words(`
  street road lane avenue square place row way hall house manor court castle tower abbey church chapel cathedral palace
  inn tavern hotel station harbour harbor port bay river lake sea ocean island isle forest wood woods hills hill mountain
  mountains valley vale moor marsh bridge gate park gardens garden city town village county kingdom empire shire fields
  cove point head heights falls springs creek canyon desert coast cliffs pass keep fortress citadel market school college
  university hospital prison bank library museum theatre theater club farm mill wharf quay dock docks reach
  hole hollow rock rocks
`);

/** Verbs that follow a person's name far more often than a place's ("Orrin nodded"). */
export const PERSON_VERBS = words(`
  said says asked replied answered cried shouted whispered muttered murmured called added laughed smiled grinned nodded
  sighed shrugged frowned thought knew felt wanted looked turned stood sat walked ran came went took gave told saw heard
  stared glanced waited hesitated agreed insisted began continued snapped growled hissed exclaimed demanded admitted
  wondered remembered decided tried reached opened closed pulled pushed kept held lifted raised lowered drew climbed
  watched whispered breathed swallowed blinked winced paused leaned knelt rose fell wept
`);

/** Speech verbs of dialogue attribution, with the parenthetical each implies in a script. */
export const SPEECH_VERBS = new Map<string, string | undefined>([
  ...[
    ...words(
      'said says asked asks replied replies answered answers added adds continued began went told tells called remarked observed ' +
        'agreed admitted explained repeated returned suggested declared announced insisted responded offered warned promised ' +
        'corrected interrupted finished concluded demanded inquired enquired wondered stated noted',
    ),
  ].map((v) => [v, undefined] as const),
  ['whispered', 'whispering'],
  ['whispers', 'whispering'],
  ['muttered', 'muttering'],
  ['mutters', 'muttering'],
  ['murmured', 'quietly'],
  ['murmurs', 'quietly'],
  ['shouted', 'shouting'],
  ['shouts', 'shouting'],
  ['yelled', 'shouting'],
  ['bellowed', 'shouting'],
  ['roared', 'roaring'],
  ['screamed', 'screaming'],
  ['cried', 'crying out'],
  ['exclaimed', 'excited'],
  ['laughed', 'laughing'],
  ['chuckled', 'chuckling'],
  ['sighed', 'sighing'],
  ['sobbed', 'through tears'],
  ['snapped', 'sharply'],
  ['growled', 'growling'],
  ['hissed', 'hissing'],
  ['snarled', 'snarling'],
  ['pleaded', 'pleading'],
  ['begged', 'pleading'],
  ['stammered', 'stammering'],
  ['called', 'calling out'],
  ['teased', 'teasing'],
  ['sneered', 'sneering'],
  ['breathed', 'softly'],
  ['grumbled', 'grumbling'],
  ['protested', 'protesting'],
]);

/** Setting nouns and whether a scene there is interior or exterior. */
export const SETTING_NOUNS = new Map<string, 'INT' | 'EXT'>([
  ...[
    ...words(`
      kitchen room bedroom parlour parlor study library hall corridor hallway staircase stairs cellar attic tavern inn pub
      bar church chapel cathedral cabin hold galley office shop store cottage house home barn stable station prison cell
      dungeon classroom school hospital ward courtroom ballroom laboratory workshop forge temple cave tunnel
      mine palace chamber bathroom apartment flat lobby restaurant cafe café theatre theater museum bank
      carriage coach train cockpit spaceship airlock shuttle tent hut shed warehouse factory castle tower lighthouse
    `),
  ].map((n) => [n, 'INT'] as const),
  ...[
    'drawing room',
    'dining room',
    'sitting room',
    'living room',
    'throne room',
    'great hall',
    'engine room',
  ].map((n) => [n, 'INT'] as const),
  ...[
    ...words(`
      harbour harbor quay dock docks pier wharf beach shore coast sea ocean island deck forest woods wood garden gardens field
      fields meadow road street lane square market bridge river riverbank bank lake mountain mountains hill hills valley
      village town city desert plain plains moor moors cliff cliffs courtyard yard camp battlefield graveyard churchyard
      cemetery park alley rooftop roof ruins swamp marsh jungle glacier canyon clearing path trail gate gates walls
      battlements orchard vineyard farm farmyard heath countryside shoreline breakwater crossroads highway planet
    `),
  ].map((n) => [n, 'EXT'] as const),
]);

/** Things in a passage that suggest indoors or outdoors when the setting noun is ambiguous. */
export const INTERIOR_CUES = words(
  'ceiling walls wall door doors window windows table chair bed fireplace hearth grate stove candle curtains carpet floorboards shelves desk beams room',
);
export const EXTERIOR_CUES = words(
  'sky sun clouds wind rain snow trees grass stars moon horizon sea waves fields street road hills fog mist breeze',
);

/** Words that place a passage at a time of day; phrases are matched as whole words. */
export const TIME_CUES: readonly [TimeOfDay, readonly string[]][] = [
  ['dawn', ['dawn', 'daybreak', 'sunrise', 'first light', 'cockcrow', 'before sunrise', 'break of day']],
  ['morning', ['morning', 'breakfast', 'forenoon', 'mornings']],
  ['day', ['noon', 'midday', 'daylight', 'sunlit', 'sunshine', 'broad day', 'lunch', 'high sun']],
  ['afternoon', ['afternoon', 'teatime', 'tea-time', 'late in the day']],
  ['dusk', ['dusk', 'sunset', 'twilight', 'sundown', 'nightfall', 'gloaming', 'red sky', 'setting sun']],
  ['evening', ['evening', 'supper', 'dinner', 'evenings']],
  [
    'night',
    ['night', 'midnight', 'moonlight', 'moonlit', 'starlight', 'nighttime', 'darkness', 'moon', 'stars'],
  ],
];

/** Mood vocabulary; a passage's mood is the family with the most weighted hits. */
export const MOOD_WORDS: Record<Mood, Set<string>> = {
  calm: words(
    'quiet quietly peaceful gentle gently still calm soft softly rest resting slow slowly serene warm drowsy patient mended mending content',
  ),
  joyful: words(
    'laughed laugh laughing smile smiled smiling happy joy delight delighted cheer cheered celebrate merry grin grinned glad bright cheerful danced',
  ),
  tense: words(
    'fear afraid danger dangerous sudden suddenly shouted sharp gripped tense nervous threat threatened blade hurried urgent trembling trembled panic cut warned warning slammed',
  ),
  mysterious: words(
    'strange secret secrets hidden unknown mystery shadow shadows puzzle clue clues whisper whispered locked riddle letter key vanished',
  ),
  sad: words(
    'tears wept weep grief sorrow lost alone mourning died death grave sad empty lonely mourn sobbed regret',
  ),
  romantic: words(
    'love loved kiss kissed heart tender beloved embrace embraced blush blushed longing darling sweetheart adored',
  ),
  dramatic: words(
    'cried confronted betrayed furious anger angry demanded truth revealed confession quarrel quarrelled accused defiant',
  ),
  eerie: words(
    'cold silence silent ghost fog mist pale dead creak creaked howl howled eerie hollow grey gloom gloomy whispering',
  ),
  epic: words(
    'army armies battle kingdom vast legend storm thunder mountains glory ancient soldiers walls gates banners sword swords war',
  ),
};

/**
 * Sounds a scene needs, named for the sound itself ("door slam", "thunder", "horse hooves"), each
 * keyed by the words that tell of it in the passage (phrases are matched as whole words).
 */
export const SOUND_CUES: readonly [string, readonly string[]][] = [
  ['rain', ['rain', 'raining', 'rainfall', 'drizzle', 'downpour', 'rain-soaked']],
  ['thunder', ['thunder', 'thunderclap', 'thunderstorm']],
  ['wind', ['wind', 'gale', 'gust', 'gusts', 'breeze', 'tempest', 'howled']],
  ['waves', ['waves', 'surf', 'breakers', 'tide']],
  ['gulls', ['gull', 'gulls', 'seagull', 'seagulls']],
  ['church bell', ['bell', 'bells', 'chime', 'chimed', 'tolled', 'tolling']],
  [
    'footsteps',
    [
      'footsteps',
      'footstep',
      'footfall',
      'footfalls',
      'limping',
      'boots on',
      'steps grew',
      'sound of steps',
      'quick steps',
      'heavy tread',
    ],
  ],
  [
    'door slam',
    [
      'door banged',
      'door slammed',
      'slammed the door',
      'banged the door',
      'banged open',
      'slammed shut',
      'slammed',
    ],
  ],
  ['knock at the door', ['knocked', 'knock', 'knocking', 'rapped at', 'rap at']],
  [
    'door creak',
    [
      'creaked open',
      'door creaked',
      'pushed open',
      'swung open',
      'creaking door',
      'door opened',
      'opened the door',
    ],
  ],
  [
    'music',
    [
      'music',
      'fiddle',
      'fiddler',
      'violin',
      'piano',
      'song',
      'sang',
      'sing',
      'singing',
      'drum',
      'drums',
      'tune',
      'flute',
    ],
  ],
  ['laughter', ['laughed', 'laughter', 'laughing']],
  ['crowd murmur', ['crowd', 'chatter', 'loud with', 'murmur of voices', 'throng', 'multitude']],
  ['horse hooves', ['horse', 'horses', 'hooves', 'neighed', 'galloped', 'gallop', 'galloping', 'trotted']],
  ['carriage wheels', ['carriage', 'coach', 'cart', 'calèche', 'wagon']],
  ['dog barking', ['dog barked', 'dogs barked', 'barking', 'barked', 'dog began to howl']],
  ['wolves howling', ['wolves', 'wolf']],
  ['crackling fire', ['fire', 'crackling', 'hearth', 'coals', 'embers', 'grate', 'flames']],
  ['clock ticking', ['clock', 'ticking']],
  ['scream', ['scream', 'screamed', 'screaming', 'shriek', 'shrieked']],
  ['gunshot', ['gunshot', 'gunfire', 'pistol shot', 'rifle', 'fired', 'musket', 'muskets']],
  [
    'clashing swords',
    [
      'swords clashed',
      'clash of steel',
      'drew her sword',
      'drew his sword',
      'drew her blade',
      'drew his blade',
      'cutlass',
      'cutlasses',
    ],
  ],
  ['birdsong', ['birdsong', 'birds sang', 'rooks', 'crows', 'blackbird', 'larks', 'birds']],
  ['running water', ['river', 'stream', 'waterfall', 'brook']],
  ['engine', ['engine', 'engines', 'motor']],
  ['creaking timbers', ['timbers', 'creaking', 'rigging']],
  ['breaking glass', ['shattered', 'broken glass', 'smashed']],
  ['explosion', ['explosion', 'exploded', 'blast']],
  ['rattling chains', ['chain', 'chains', 'clanking', 'clank', 'rattling']],
];

/** Footsteps named for the ground they sound on, as the passage names it ("footsteps on stone"). */
export const FOOTSTEP_GROUNDS: readonly [string, readonly string[]][] = [
  [
    'footsteps on stone',
    ['stone', 'stones', 'flagstones', 'cobbles', 'cobblestones', 'pavement', 'marble', 'flagged'],
  ],
  ['footsteps on gravel', ['gravel', 'shingle', 'pebbles']],
  ['footsteps on wooden boards', ['boards', 'floorboards', 'planks', 'deck', 'wooden floor']],
  ['footsteps on the stairs', ['stairs', 'staircase', 'stair']],
  ['footsteps in snow', ['snow']],
  ['footsteps through leaves', ['leaves', 'undergrowth', 'bracken']],
];

/** Themes and the vocabulary that signals them. */
export const THEME_WORDS: Record<string, Set<string>> = {
  Love: words('love loved heart beloved kiss marriage tender'),
  Friendship: words('friend friends friendship companion together loyal trust'),
  Family: words('family mother father brother sister son daughter nephew aunt uncle parents home'),
  Courage: words('brave courage afraid fear bold dared stand defy stubborn'),
  'Power and corruption': words(
    'power control bought rule ruler lord throne corrupt greed money owes stolen',
  ),
  'Justice and truth': words(
    'truth justice lie lies guilty innocent crime law confess confession evidence inspector police murder kill killed clue',
  ),
  Revenge: words('revenge vengeance avenge hatred grudge'),
  Betrayal: words('betray betrayed betrayal traitor deceit deceived stolen'),
  Survival: words('survive survival storm hunger cold danger escape alive'),
  'Loss and grief': words('dead death died grief mourning lost loss tears funeral'),
  Freedom: words('free freedom escape chains prison trapped tied'),
  'Identity and belonging': words('name belong belonging stranger identity who home'),
  'Coming of age': words('girl boy child young apprentice learned grow grown taught'),
  'Good versus evil': words('evil wicked dark darkness villain cruel light hope'),
  Ambition: words('ambition ambitious success wealth rise fortune'),
  'Community and solidarity': words(
    'fishermen villagers people crew neighbours together harbour town everyone',
  ),
  'Fate and destiny': words('fate destiny prophecy doomed chosen fortune'),
  Nature: words('forest river sea mountain trees wind wild storm tide'),
  Obsession: words('obsession obsessed madness possessed haunted'),
  'Secrets and deception': words('secret secrets hidden lie lied disguise mask deceive locked'),
};

/** Adjectives that describe a character's personality. */
export const PERSONALITY_ADJECTIVES = words(`
  brave bold fearless courageous daring reckless cautious careful timid shy nervous anxious fearful stubborn determined
  resolute patient impatient restless calm gentle kind kindly generous selfless loyal faithful honest truthful sincere
  deceitful dishonest sly cunning clever quick witty wise shrewd thoughtful curious inquisitive foolish naive innocent
  proud arrogant vain humble modest cruel ruthless cold harsh stern strict grim bitter jealous greedy selfish ambitious
  cheerful merry jolly playful mischievous grumpy sullen moody gloomy melancholy hopeful optimistic weary tired lonely
  warm friendly charming polite rude hot-tempered fierce wild quiet silent talkative loud pompous pleasant smooth
  nervous eager keen diligent lazy practical sensible dreamy romantic passionate tender loving devoted dutiful
  clumsy graceful steady quick-witted sharp-tongued good-natured kind-hearted hard-working soft-spoken
`);

/** Words that describe how someone looks. */
export const PHYSICAL_CUES = words(`
  hair haired eyes eyed beard bearded face faced tall short thin slender stout broad shoulders shouldered wore wearing
  dressed coat cloak scar scarred skin freckled freckles moustache mustache gaunt pale weathered bald spectacles glasses
  boots dress gown uniform limp limping build built muscular plump wiry stooped ancient old young handsome beautiful
  ugly small large huge hat cap armour armor helmet nose chin lips cheek cheeks fingers hands grey gray white-haired
`);

/** Vocabulary around an opposing figure. */
export const CONFLICT_CUES = words(`
  enemy enemies villain against fought fight threatened threat threatening betrayed betray cruel hated hate rival attacked
  kill killed murder sneered menace scheme schemed plotted captured chased feared fear dangerous revenge ruthless
  stole stolen thief lied sinister tyrant wicked cut bought afraid cold men soldiers guards stronger kneel henchmen
`);

/** Vocabulary around a guide or teacher. */
export const MENTOR_CUES = words(
  'taught teach teacher master mentor wise wisdom advice advised guide guided lesson lessons learned old elder counsel trained apprentice warned kept',
);

/** Vocabulary around a companion. */
export const SIDEKICK_CUES = words(
  'friend friends companion loyal together beside alongside ally helped followed partner trusted laughed joke grin boy',
);

/** Era vocabulary; the setting names the era with the most hits. */
export const ERA_CUES: Record<string, Set<string>> = {
  'a pre-industrial past of sail, swords and lanterns': words(
    'sword swords lantern lanterns candle candles horse horses castle musket sail sails parchment quill knight armour armor torches wizard ferry tavern',
  ),
  'the nineteenth century': words(
    'gaslight telegram telegraph hansom carriage parlour governess waistcoat brandy housekeeper inspector steamship',
  ),
  'the present day': words('phone phones car cars computer email television internet laptop smartphone taxi'),
  'the future': words('starship android androids orbit colony laser hologram spaceship cyborg'),
};

/** Verbs that make a strong action beat in a script. */
export const STRONG_ACTION_VERBS = words(`
  ran run runs climbed climb climbs grabbed grab seized seize struck strike strikes fled flee flees found find finds
  discovered discover opened open opens slammed slam drew draw draws raised raise lifted lift turned turn turns jumped
  jump leapt leap fought fight fights arrived arrive arrives left leave leaves entered enter enters stepped step steps
  pushed push pulled pull threw throw caught catch fell fall fired fire kissed kiss broke break dragged drag crossed cross
  waded wade rode ride rides swung swing swings knelt kneel kneels watched watch sailed sail slipped slip banged bang
  walked walk walks crouched crouch crouches followed follow follows returned return returns reared rear sat sit sits
  stood stand stands laughed laugh laughs smiled smile smiles shouted shout whispered whisper met meet meets
  helped help helps lowered lower mended mend limped limp pushed stared stare stares rolled roll waited wait
`);

/** Words that make a sentence worth showing in a visual description. */
export const VISUAL_WORDS = words(`
  fog mist smoke light lamp lantern lanterns torch torches fire flame flames shadow shadows glow glowed dark darkness bright
  grey gray black white red blue green brown silver gold golden pale wet rain snow frost sky clouds sun moon stars sea
  waves water river forest trees pines wall walls tower stairs glass window windows door beams stone stones cobbled
  brick wooden masts sails rocks marsh reeds battlements helmets armour armor cloak coat beard hair portraits books
  ash embers grate candle lawns elms dew moss mossy hollow oak fallen
`);

/**
 * Pet forms of given names and the formal names they stand for ("Lizzy" → Elizabeth), English and
 * the Russian ones translated novels keep ("Rodya" → Rodion). Rhyming forms that usually name
 * someone else in the same book ("Polly", "Molly", "Peggy") are left out.
 */
export const NICKNAMES = new Map<string, readonly string[]>(
  Object.entries({
    Lizzy: ['Elizabeth', 'Eliza'],
    Lizzie: ['Elizabeth', 'Eliza'],
    Liz: ['Elizabeth'],
    Eliza: ['Elizabeth'],
    Beth: ['Elizabeth'],
    Betsy: ['Elizabeth'],
    Bess: ['Elizabeth'],
    Bessie: ['Elizabeth'],
    Betty: ['Elizabeth'],
    Kitty: ['Catherine', 'Katherine', 'Kathleen'],
    Kate: ['Catherine', 'Katherine'],
    Katie: ['Catherine', 'Katherine'],
    Cathy: ['Catherine'],
    Jenny: ['Jane', 'Jennifer'],
    Meg: ['Margaret'],
    Maggie: ['Margaret'],
    Nell: ['Eleanor', 'Helen', 'Ellen'],
    Nelly: ['Eleanor', 'Helen', 'Ellen'],
    Annie: ['Anne', 'Ann', 'Anna'],
    Fanny: ['Frances'],
    Sally: ['Sarah'],
    Sukey: ['Susan'],
    Tom: ['Thomas'],
    Tommy: ['Thomas', 'Tom'],
    Sid: ['Sidney'],
    Siddy: ['Sidney', 'Sid'],
    Jim: ['James'],
    Jimmy: ['James', 'Jim'],
    Jem: ['James', 'Jeremiah'],
    Bill: ['William'],
    Billy: ['William', 'Bill'],
    Will: ['William'],
    Willy: ['William'],
    Bob: ['Robert'],
    Bobby: ['Robert', 'Bob'],
    Rob: ['Robert'],
    Dick: ['Richard'],
    Ned: ['Edward', 'Edmund'],
    Ted: ['Edward', 'Theodore'],
    Teddy: ['Edward', 'Theodore'],
    Harry: ['Henry'],
    Hal: ['Henry'],
    Jack: ['John'],
    Johnny: ['John'],
    Joe: ['Joseph'],
    Ben: ['Benjamin'],
    Sam: ['Samuel'],
    Charley: ['Charles'],
    Charlie: ['Charles'],
    Fred: ['Frederick'],
    Freddy: ['Frederick'],
    Nick: ['Nicholas'],
    Pip: ['Philip'],
    Huck: ['Huckleberry'],
    Rodya: ['Rodion'],
    Rodka: ['Rodion'],
    Dunya: ['Avdotya'],
    Dounia: ['Avdotya'],
    Sonia: ['Sofya', 'Sophia'],
    Sonya: ['Sofya', 'Sophia'],
    Sonechka: ['Sofya', 'Sonya', 'Sonia'],
    Katya: ['Katerina', 'Ekaterina'],
    Natasha: ['Natalya', 'Natalia'],
    Petya: ['Pyotr', 'Peter'],
    Misha: ['Mikhail'],
    Sasha: ['Alexander', 'Alexandra', 'Aleksandr'],
    Pasha: ['Pavel'],
    Kolya: ['Nikolai', 'Nikolay'],
    Alyosha: ['Alexei', 'Alexey', 'Aleksei'],
    Mitya: ['Dmitri', 'Dmitry'],
    Vanya: ['Ivan'],
    Nastya: ['Anastasia', 'Nastasya'],
  }),
);
