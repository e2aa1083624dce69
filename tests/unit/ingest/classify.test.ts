import { describe, expect, it } from 'vitest';
import { detectLanguage, proposeCategory, proposeGenre } from '../../../functions/books/ingest';
import { chapterParagraphs } from '../../fixtures/books';

const SAMPLES: Record<string, string> = {
  en: 'It was late in the evening when the old man walked down to the harbour. He said that the boats were not coming back, and that they would have to wait for the morning.',
  es: 'Era tarde cuando el viejo bajó al puerto. Dijo que los barcos no volverían, y que tendríamos que esperar hasta la mañana porque el mar estaba muy agitado para los pescadores.',
  fr: "Il était tard quand le vieil homme est descendu au port. Il a dit que les bateaux ne reviendraient pas, et qu'il fallait attendre le matin dans la maison avec les pêcheurs.",
  de: 'Es war spät, als der alte Mann zum Hafen hinunterging. Er sagte, dass die Boote nicht zurückkommen würden, und dass wir auf den Morgen warten müssten, weil das Meer zu wild war.',
  it: 'Era tardi quando il vecchio scese al porto. Disse che le barche non sarebbero tornate, e che bisognava aspettare il mattino perché il mare era ancora troppo agitato per i pescatori.',
  pt: 'Era tarde quando o velho desceu ao porto. Ele disse que os barcos não iam voltar, e que era preciso esperar pela manhã porque o mar estava muito agitado para os pescadores da aldeia.',
  nl: 'Het was laat toen de oude man naar de haven liep. Hij zei dat de boten niet terug zouden komen, en dat we tot de ochtend moesten wachten omdat de zee te wild was voor de vissers.',
};

describe('detectLanguage', () => {
  it.each(Object.entries(SAMPLES))('recognises %s', (language, text) => {
    expect(detectLanguage(`${text} ${text}`)).toBe(language);
  });

  it("falls back to 'en' without a clear signal", () => {
    expect(detectLanguage('')).toBe('en');
    expect(detectLanguage('12345 67890 !!!')).toBe('en');
  });

  it('only reads the first 20 000 characters', () => {
    const english = `${SAMPLES.en} `.repeat(Math.ceil(20_000 / SAMPLES.en!.length));
    expect(detectLanguage(english + `${SAMPLES.es} `.repeat(500))).toBe('en');
  });
});

describe('proposeCategory', () => {
  it('spots programming, science, business, design and language books', () => {
    expect(
      proposeCategory(
        'In this chapter we write a function in Python. Each variable holds a value, and the loop calls the function again. The compiler reports a syntax error when the code is wrong, so debugging the program is part of programming. We store the array in a database and call the API.',
      ),
    ).toBe('programming');
    expect(
      proposeCategory(
        'Every atom is made of particles. In physics and chemistry, energy is conserved in each reaction. The experiment tests a hypothesis about how a molecule behaves, and biology explains how a cell divides through evolution. Scientists repeat the experiment in the laboratory.',
      ),
    ).toBe('science');
    expect(
      proposeCategory(
        'A company grows when customers trust its brand. Good management sets a strategy for sales and revenue, watches profit, and plans investment. Leadership means knowing the market and the competitors, and marketing turns a startup into a business with loyal customers.',
      ),
    ).toBe('business');
    expect(
      proposeCategory(
        'Good design starts with typography and layout. Choose a font, a grid and a colour palette with enough contrast, then sketch a wireframe and build a prototype. Usability tests show whether the interface and its visual composition work for users of the ui.',
      ),
    ).toBe('design');
    expect(
      proposeCategory(
        'Learn the grammar of each tense and the vocabulary you need. Every verb has a conjugation, every noun a plural, and pronunciation improves with practice. Idioms and phrases build fluency; the adjective usually follows the noun in this language, and spelling matters.',
      ),
    ).toBe('language');
  });

  it('returns null for a novel, even one that keeps mentioning the market square', () => {
    const novel = chapterParagraphs(1, 2_000).join(' ');
    expect(novel.match(/market/g)?.length).toBeGreaterThan(10);
    expect(proposeCategory(novel)).toBeNull();
  });
});

describe('proposeGenre', () => {
  it.each(['fantasy', 'mystery', 'scifi'] as const)('spots %s prose', (genre) => {
    expect(proposeGenre(chapterParagraphs(3, 3_000, genre).join(' '))).toBe(genre);
  });

  it('spots romance, adventure and thriller vocabulary', () => {
    expect(
      proposeGenre(
        'She loved him with all her heart. Their first kiss led to a wedding; passion and desire, a lover’s embrace, darling. Love, love and more love, and they married.',
      ),
    ).toBe('romance');
    expect(
      proposeGenre(
        'The captain set sail on a voyage to the island with an old treasure map. The journey crossed the jungle, the mountains and the desert; pirates chased the ship into a cave.',
      ),
    ).toBe('adventure');
    expect(
      proposeGenre(
        'The agent drew his gun. A bomb, a killer and a conspiracy: the spy had to escape before the assassin found the hostage. Danger everywhere, the threat of an explosion, the deadline near.',
      ),
    ).toBe('thriller');
  });

  it('returns null without a clear signal', () => {
    expect(
      proposeGenre('The weather was fine today and we had lunch in the garden with the neighbours.'),
    ).toBeNull();
    expect(proposeGenre('')).toBeNull();
  });
});
