import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP } from '../../cli/engine-commands';
import { engine } from '../support/engine-cli';
import { probe } from '../../functions/engine/media/ffmpeg';
import { REAL_NOVELS } from '../fixtures/real-novels';

/** `npm run engine -- …` run in-process on a real story: what each command prints and writes. */
const novel = REAL_NOVELS.find((book) => book.slug.includes('bohemia'))!;
/** The story's opening, about 400 words from its first chapter. */
const opening = novel.text
  .slice(novel.text.indexOf('To Sherlock Holmes'))
  .split(/\s+/)
  .slice(0, 400)
  .join(' ');

let dir: string;
let story: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'engine-cli-'));
  story = join(dir, 'bohemia.txt');
  writeFileSync(story, opening);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('engine command line', () => {
  it('prints the usage for no command and for --help, and fails on an unknown command or option', async () => {
    expect(await engine()).toMatchObject({ code: 0, out: [HELP] });
    expect(await engine('--help')).toMatchObject({ code: 0, out: [HELP] });
    expect(await engine('paint')).toMatchObject({ code: 1, out: [HELP] });
    const unknown = await engine('quiz', story, '--colour', 'red');
    expect(unknown.code).toBe(1);
    expect(unknown.err.join('\n')).toMatch(/--colour/);
  });

  it('says in words what is wrong with an input', async () => {
    const missing = await engine('summarize', join(dir, 'nowhere.txt'));
    expect(missing).toMatchObject({ code: 1 });
    expect(missing.err[0]).toMatch(/^Cannot read .*nowhere\.txt: ENOENT\.$/);
    expect((await engine('summarize')).err).toEqual(['Give the path of a text file.']);
    expect((await engine('portrait')).err).toEqual(['Give the character a --name.']);
    expect((await engine('probe')).err).toEqual(['Give the path of a media file.']);
    const style = await engine('screenplay', story, '--style', 'opera');
    expect(style.code).toBe(1);
    expect(style.err[0]).toMatch(/“opera” is not one of: .*cinematic_movie/);
    const presenter = await engine('lesson', story, '--presenter', 'nobody');
    expect(presenter.err[0]).toMatch(/^Choose a presenter: .*ava/);
  });

  it('lists the voice catalogue', async () => {
    const run = await engine('voices');
    expect(run.code).toBe(0);
    expect(run.out.length).toBeGreaterThan(4);
    expect(run.out.some((line) => /\bnarrator\b/.test(line))).toBe(true);
  });

  it('summarises, outlines the plot and writes a quiz with one right answer per question', async () => {
    const summary = JSON.parse((await engine('summarize', story)).out.join('\n'));
    expect(summary.summary.length).toBeGreaterThan(40);
    expect(summary.key_points.length).toBeGreaterThan(0);

    const plot = JSON.parse((await engine('plot', story, '--title', 'A Scandal')).out.join('\n'));
    expect(JSON.stringify(plot.characters)).toMatch(/Holmes/);

    const quiz = await engine('quiz', story, '--questions', '3', '--difficulty', 'easy');
    expect(quiz.code).toBe(0);
    const questions = quiz.out.filter((line) => /^\d+\. /.test(line));
    expect(questions).toHaveLength(3);
    const marked = quiz.out.filter((line) => /^ {3}\* [a-z]\) /.test(line));
    expect(marked).toHaveLength(3);
  });

  it('prints every quotation of a file with its offsets and speaker, on odd files too', async () => {
    // A generated scene as books arrive: byte-order mark, CRLF line ends, typographic quotes, an
    // interrupted quotation and a pronoun tag.
    const lines = [
      '\uFEFFMara came down to the quay at dusk, and Tobias was already there.',
      '“You are late,” said Tobias. “The boat left an hour ago.”',
      '“Then we take the next one,” Mara replied.',
      'Tobias shook his head. “There is no next one tonight.”',
      '“I’ll wait,” she said.',
    ];
    const scene = join(dir, 'quay.txt');
    writeFileSync(scene, lines.join('\r\n\r\n'));
    const run = await engine('quotes', scene);
    expect(run.code).toBe(0);
    const quotes = JSON.parse(run.out.join('\n')) as { start: number; end: number; speaker: string | null }[];
    const text = lines.join('\r\n\r\n');
    const said = quotes.map((q) => [text.slice(q.start, q.end).replace(/^“|”$/g, ''), q.speaker]);
    expect(said).toEqual([
      ['You are late,', 'Tobias'],
      ['The boat left an hour ago.', 'Tobias'],
      ['Then we take the next one,', 'Mara'],
      ['There is no next one tonight.', 'Tobias'],
      ['I’ll wait,', 'Mara'],
    ]);

    for (const [name, content] of [
      ['empty.txt', ''],
      ['plain.txt', 'No one speaks here.\r\nNot a word.'],
      ['unbalanced.txt', '“Wait, said Tom.\n\n”\n\n"Open" "quote'],
    ] as const) {
      writeFileSync(join(dir, name), content);
      const odd = await engine('quotes', join(dir, name));
      expect(odd.code, name).toBe(0);
      const spans = JSON.parse(odd.out.join('\n')) as { start: number; end: number }[];
      for (const q of spans) expect(q.end).toBeLessThanOrEqual(content.length);
    }
    expect(JSON.parse((await engine('quotes', join(dir, 'empty.txt'))).out.join(''))).toEqual([]);
    expect((await engine('quotes', join(dir, 'nowhere.txt'))).err[0]).toMatch(/^Cannot read/);
  });

  it('writes a screenplay, a portrait and a scene picture', async () => {
    const fountain = join(dir, 'story.fountain');
    const script = await engine('screenplay', story, '--scenes', '3', '--out', fountain);
    expect(script.code).toBe(0);
    expect(script.out[0]).toMatch(/^3 scenes, characters: .* → .*story\.fountain$/);
    expect(existsSync(fountain)).toBe(true);

    const portrait = await engine('portrait', '--name', 'Irene Adler', '--out', join(dir, 'irene.png'));
    expect(portrait.code).toBe(0);
    const [width, height] = portrait.out[0]!.match(/^(\d+)×(\d+)/)!
      .slice(1)
      .map(Number);
    expect(await sharp(join(dir, 'irene.png')).metadata()).toMatchObject({ format: 'png', width, height });

    const scene = await engine('scene', story, '--scene', '1', '--out', join(dir, 'scene.png'));
    expect(scene.code).toBe(0);
    expect(scene.out[0]).toMatch(/ → .*scene\.png\n/);
    expect((await sharp(join(dir, 'scene.png')).metadata()).format).toBe('png');
  });

  it('narrates a text to an audio file it can probe', async () => {
    const audio = join(dir, 'opening.m4a');
    const run = await engine('narrate', story, '--out', audio);
    expect(run.code).toBe(0);
    const printed = Number(run.out[0]!.match(/^([\d.]+) s of audio/)![1]);
    const probed = await engine('probe', audio);
    const info = JSON.parse(probed.out.join('\n'));
    expect(info.audio.codec).toBe('aac');
    expect(Math.abs(info.duration - printed)).toBeLessThan(0.5);
  });

  it('films a three-scene chapter video scene by scene', async () => {
    const film = join(dir, 'film.mp4');
    const run = await engine(
      'chapter-video',
      story,
      '--scenes',
      '3',
      '--size',
      '320x180',
      '--fps',
      '12',
      '--per-scene',
      '--out',
      film,
    );
    expect(run.code).toBe(0);
    expect(run.out[0]).toMatch(/^3 scenes, [\d.]+ s, 320×180 h264\/aac/);
    const info = await probe(film);
    expect(info.video).toMatchObject({ width: 320, height: 180 });
  }, 240_000);
});
