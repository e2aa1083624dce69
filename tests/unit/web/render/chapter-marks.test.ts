import './window';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import {
  ChapterMarks,
  currentMark,
  markTime,
} from '../../../../web/src/features/learning/components/chapter-marks';
import { MediaPlayers } from '../../../../web/src/features/learning/components/media-players';
import type { LearningContentItem } from '../../../../functions/contracts/learning';
import { attributes, markup, textOf } from './markup';

const noop = () => {};

const MARKS = [
  { title: 'Chapter 1: The Keeper', start_seconds: 0 },
  { title: 'The Lamp Room', start_seconds: 67.4 },
  { title: 'A Storm at Sea', start_seconds: 3725 },
];

const list = (currentTime: number, marks = MARKS) =>
  markup(createElement(ChapterMarks, { marks, currentTime, onSeek: noop }));

describe('the narration chapters list', () => {
  it('shows each mark’s title and start time as a button, in order', () => {
    const html = list(0);
    expect(textOf(html)).toBe(
      'Narration chapters Chapter 1: The Keeper 0:00 The Lamp Room 1:07 A Storm at Sea 1:02:05',
    );
    expect(html.match(/<button type="button"/g)).toHaveLength(3);
    expect(attributes(html, 'aria-label')).toEqual([
      'Chapter 1: The Keeper, at 0:00',
      'The Lamp Room, at 1:07',
      'A Storm at Sea, at 1:02:05',
    ]);
  });

  it('highlights the mark being heard', () => {
    const current = (time: number) => {
      const html = list(time);
      const buttons = html.split('<button').slice(1);
      return buttons.findIndex((b) => b.includes('aria-current="true"'));
    };
    expect(current(0)).toBe(0);
    expect(current(67.4)).toBe(1);
    expect(current(500)).toBe(1);
    expect(current(4000)).toBe(2);
    expect(currentMark(MARKS, 66)).toBe(0);
  });

  it('shows nothing (no empty heading) for a narration without marks', () => {
    expect(list(0, [])).toBe('');
    expect(markup(createElement(ChapterMarks, { marks: undefined, currentTime: 0, onSeek: noop }))).toBe('');
  });

  it('reads times as a player does', () => {
    expect(markTime(0)).toBe('0:00');
    expect(markTime(59.9)).toBe('0:59');
    expect(markTime(600)).toBe('10:00');
    expect(markTime(3600)).toBe('1:00:00');
  });

  const item = (over: Partial<LearningContentItem>): LearningContentItem => ({
    id: 'c1',
    content_type: 'audio_narration',
    status: 'ready',
    content_url: '/media/narration.m4a',
    duration: 3800,
    chapter_marks: MARKS,
    created_at: '2026-01-01T00:00:00.000Z',
    ...over,
  });
  const players = (items: LearningContentItem[]) =>
    markup(
      createElement(MediaPlayers, {
        bookId: 'b1',
        chapterId: 'ch1',
        items,
        justMade: [],
        loadError: null,
        reload: async () => items,
      }),
    );

  it('lists the chapters under the narration player of learning mode', () => {
    const html = players([item({})]);
    const audioAt = html.indexOf('<audio');
    expect(audioAt).toBeGreaterThan(-1);
    expect(html.indexOf('Narration chapters')).toBeGreaterThan(audioAt);
    expect(textOf(html)).toContain('The Lamp Room 1:07');
  });

  it('lists none for an older narration without marks', () => {
    const html = players([item({ chapter_marks: [] })]);
    expect(html).toContain('<audio');
    expect(textOf(html)).not.toContain('Narration chapters');
  });
});
