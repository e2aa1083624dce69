/**
 * Hand-written chapters for the text engine tests: named characters (some that no name list knows),
 * attributed and unattributed dialogue, places, times of day and explicit scene breaks.
 */

export const HARBOUR_CHAPTER = {
  title: 'The Lantern at Port Kessel',
  content: `The fog came in early that evening, rolling over the harbour wall and swallowing the masts one by one. Nell Harper sat on an upturned crate beside the fish market, mending a torn net with quick, stubborn fingers. She was nineteen, small and wiry, with salt-stiff red hair tied back under a grey wool cap and a thin scar across her left cheek. Gulls wheeled and cried above the empty stalls, and somewhere along the quay a bell rang for the last ferry.

Old Brannigan came limping down the cobbled street with a lantern swinging from his hand. He had kept the lighthouse at Port Kessel for forty years, and he walked as if the ground were a deck that might tilt at any moment.

"You should be indoors, girl," Brannigan said. "There is weather coming, and worse than weather."

"I have nets to finish," Nell replied. "Captain Morrow sails at dawn, and he pays for whole nets, not good intentions."

"Morrow will not sail tomorrow," said Brannigan. He lowered his voice. "Silas Crane has bought the harbour master, and he means to keep every boat tied up until the fishermen sell him their moorings."

Nell put down her needle. "Then someone has to stop him."

"Someone," he agreed, and looked at her for a long moment.

* * *

The Gull and Lantern tavern was loud with rain-soaked fishermen when Nell pushed open its door. Smoke hung under the low beams, and a fiddler in the corner scraped out a tune that nobody was listening to. Captain Elias Morrow stood at the bar, a tall, broad-shouldered man with a grey beard and a weathered blue coat, arguing with the landlord.

"Crane's men cut my mooring lines," Morrow said, slamming his tankard on the counter. "Cut them like a thief in the night."

"Then we take the Gannet out anyway," Nell said.

Morrow turned and laughed, though there was no joy in it. "With what crew? Half the harbour owes Crane money, and the other half is afraid of him."

"I'm not afraid of him," Nell said.

"You should be," Morrow muttered.

Before she could answer, the door banged open. Silas Crane stepped in out of the rain, tall and pale, his black coat buttoned to the throat and a silver-topped cane in his gloved hand. Two of his men followed him, water dripping from their hats. The fiddler stopped playing. The whole room fell silent.

"Captain," Crane said pleasantly. "I hear you have been telling people I am a thief."

"I tell people what I see," Morrow answered.

"Then look carefully," Crane whispered, "because by morning there will be nothing left for you to see."

* * *

Long after midnight Nell climbed the spiral stairs of the lighthouse with Brannigan puffing behind her. The wind howled against the glass, and far below the waves broke white against the rocks. Brannigan had taught her to trim the great lamp when she was a child, and her hands still remembered the work.

"If the Gannet sails before dawn, Crane's men will see her from the breakwater," Brannigan warned.

"Not if the light shows them the wrong channel," Nell said. She turned the brass wheel, and the beam swung slowly away from the harbour mouth toward the northern rocks.

Brannigan stared at her. "That is a dangerous trick."

"It is the only one we have."

At dawn the fog lifted. From the lighthouse gallery Nell watched the Gannet slip out through the southern channel, her brown sails filling with wind, while Crane's launch drifted uselessly toward the northern rocks. Morrow raised his hat to the tower, and for the first time in weeks Nell laughed out loud.`,
};

export const STUDY_CHAPTER = {
  title: 'The Locked Study',
  content: `Inspector Ada Lowell arrived at Ashgrove Hall on a cold grey morning, when the frost still lay on the lawns and the rooks were quarrelling in the elms. The housekeeper, Mrs. Pell, met her at the door with red eyes and a ring of keys that trembled in her hand.

"He was found in the study, ma'am," Mrs. Pell said. "The door was locked from the inside. We had to break it down."

"Who found him?" asked Lowell.

"Mr. Whitcombe's nephew. Master Julian. He came down for breakfast and smelled the smoke."

Lowell followed her along a dim corridor hung with portraits of stern Whitcombe ancestors. The study was a small square room lined with books, and it smelled of burnt paper and cold tobacco. Arthur Whitcombe lay slumped across his desk, one hand still resting on an empty glass. The fire in the grate had burned down to ash, and a half-burnt letter lay curled among the embers.

Dr. Hartley was already kneeling beside the body. He was a thin, nervous man with wire spectacles and ink-stained fingers.

"Poison," Hartley said without looking up. "Something in the brandy, I should think. He has been dead since about midnight."

"And the key?" Lowell asked.

"In his waistcoat pocket," said the doctor. "Which is rather the problem, isn't it?"

Lowell crouched by the grate and lifted the letter with a pair of tongs. Only a few words could still be read: the garden gate, eleven o'clock, and a name that began with J.

That afternoon the rain began, drumming on the tall windows of the drawing room where Julian Whitcombe waited. He was twenty-two, handsome and restless, and he could not keep his hands still.

"I know what they are saying," Julian said. "That I wanted his money. That I quarrelled with him last night."

"Did you?" Lowell asked.

"Yes. He called me a wastrel and a fool, and I told him I would rather starve than take another penny from him." Julian turned to the window. "But I did not kill him. I went to bed at ten. Ask Mrs. Pell."

"Mrs. Pell says she saw a lamp in the garden at eleven," Lowell said quietly.

Julian said nothing for a long time. Outside, the rain ran down the glass in grey threads.

By evening the house was silent except for the ticking of the hall clock. Lowell walked alone through the wet garden to the gate in the old brick wall. The latch had been oiled recently, and in the mud beyond it she found the narrow print of a woman's shoe.

She returned to the kitchen, where Mrs. Pell sat by the stove with her hands folded in her apron.

"You told me you saw a lamp in the garden," Lowell said. "You did not tell me you were carrying it."

The housekeeper's face went white. "He was going to turn me out," Mrs. Pell whispered. "After thirty years. Because I knew about the money he had stolen from the boy."

Lowell sat down across from her and waited, because the truth, she had learned, always came out in its own time.`,
};

export const FOREST_CHAPTER = {
  title: 'The Road to Varn',
  content: `Tamsin woke before sunrise in the hollow of a fallen oak, with dew on her cloak and the smell of woodsmoke in the air. Orrin was already crouched by the little fire, turning a spitted rabbit over the coals. He was a broad, freckled boy with a crooked nose and a laugh that carried too far in the quiet forest.

"We reach the river Esk by noon if we keep moving," Orrin said. "Meridel says the ferry stops running at dusk."

"Meridel says a great many things," Tamsin said, pulling on her boots.

The old wizard was sitting on a mossy stone a little way off, reading a map by the grey morning light. Meridel was ancient and stooped, with a white beard that reached her belt and eyes the pale green of river ice. She had taught Tamsin every spell she knew, and most of them she had taught her twice.

"The Thornwood does not care what I say," Meridel said without looking up. "Stay on the path, keep your sword hand free, and do not answer if the trees call your name."

Tamsin laughed, but she did not answer when, an hour later, a voice like her mother's whispered from the shadows between the pines.

* * *

They came out of the trees at midday onto the bank of the river Esk. The water was wide and brown and fast, swollen with spring rain, and the ferry was tied up on the far side with no ferryman in sight. Crows argued on the roof of the empty ferry house.

"Someone cut the rope," Orrin said, holding up the frayed end. "Clean, with a knife."

"Lord Vask," Tamsin said. "He knows we are coming."

Meridel lifted her staff and spoke a single word of the old tongue. The river went quiet and flat, like a sheet of dark glass, and for the space of a hundred heartbeats it held still while the three of them waded across with the water barely wetting their knees. When they reached the far bank, the wizard sat down heavily in the reeds, grey-faced and shaking.

"That cost more than it should have," she said. "Vask is drawing on the river too. He is stronger than he was."

Orrin helped her to her feet. "Then we had better be quicker than he is."

* * *

At dusk they saw the walls of Varn rising out of the marsh, black against a red sky, with torches burning along the battlements. Soldiers in iron helmets stood at the gate, turning back a line of farmers and their carts.

Lord Vask rode out to meet them himself. He was a tall, cold man in black armour, with a silver circlet on his brow and a voice as smooth as oil. He looked down at Tamsin from his grey horse and smiled.

"The wizard's little apprentice," Vask said. "You have come a long way to kneel."

"I have come a long way to take back what you stole," Tamsin answered.

Vask laughed, and the soldiers laughed with him. "Then take it, girl, if you can."

Tamsin drew her sword. Beside her Orrin raised his sling, and behind them Meridel leaned on her staff and began, very softly, to sing. The torches along the wall flickered and bent toward the old woman's voice as if a great wind were blowing, and the horses screamed and reared, and the gates of Varn began slowly to open.`,
};

export const CHAPTERS = [HARBOUR_CHAPTER, STUDY_CHAPTER, FOREST_CHAPTER];
