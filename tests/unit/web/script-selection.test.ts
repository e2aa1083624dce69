import { describe, expect, it } from 'vitest';
import {
  createScriptSelection,
  type ScriptSelectionState,
} from '../../../web/src/features/workspace/model/script-selection';

/** A store whose "next tick" runs when the test says so. */
function setup() {
  const ticks: (() => void)[] = [];
  const store = createScriptSelection((fn) => void ticks.push(fn));
  const seen: ScriptSelectionState[] = [];
  store.subscribe((state) => seen.push(state));
  const tick = () => ticks.splice(0).forEach((fn) => fn());
  return { store, seen, tick };
}

describe('script selection state', () => {
  it('auto-selects the first script when none is selected', () => {
    const { store, tick } = setup();
    store.autoSelect(['s1', 's2']);
    expect(store.getState().scriptId).toBe('s1');
    tick();
    store.autoSelect(['s1', 's2']);
    expect(store.getState().scriptId).toBe('s1');
    store.selectScript('s2');
    store.autoSelect(['s1', 's2']);
    expect(store.getState().scriptId).toBe('s2');
  });

  it('selects the first remaining script when the selected one is gone, and none when none are left', () => {
    const { store } = setup();
    store.selectScript('s2');
    store.autoSelect(['s1']);
    expect(store.getState().scriptId).toBe('s1');
    store.autoSelect([]);
    expect(store.getState().scriptId).toBeNull();
  });

  it('selecting another script clears the segment and sets switching until the next tick', () => {
    const { store, tick } = setup();
    store.selectScript('s1');
    tick();
    store.selectSegment('scene-3');
    expect(store.getState().segmentId).toBe('scene-3');
    store.selectScript('s2');
    expect(store.getState()).toMatchObject({ scriptId: 's2', segmentId: null, switching: true });
    tick();
    expect(store.getState().switching).toBe(false);
  });

  it('two quick switches stay switching until the last one has had its tick', () => {
    const ticks: (() => void)[] = [];
    const store = createScriptSelection((fn) => void ticks.push(fn));
    store.selectScript('s1');
    store.selectScript('s2');
    ticks.shift()!();
    expect(store.getState().switching).toBe(true);
    ticks.shift()!();
    expect(store.getState().switching).toBe(false);
  });

  it('selecting the same script again changes nothing', () => {
    const { store, seen, tick } = setup();
    store.selectScript('s1');
    tick();
    const version = store.getState().version;
    store.selectScript('s1');
    expect(store.getState().version).toBe(version);
    expect(seen).toHaveLength(2);
  });

  it('selecting a chapter clears the segment and remembers it as the last valid chapter', () => {
    const { store } = setup();
    store.selectChapter('c1');
    store.selectScript('s1');
    store.selectSegment('scene-1');
    store.selectChapter('c2');
    expect(store.getState()).toMatchObject({
      chapterId: 'c2',
      lastValidChapterId: 'c2',
      segmentId: null,
      scriptId: null,
    });
  });

  it('a chapter selection of nothing falls back to the last valid chapter', () => {
    const { store } = setup();
    store.selectChapter('c1');
    store.selectScript('s1');
    store.selectChapter(null);
    expect(store.getState()).toMatchObject({ chapterId: 'c1', lastValidChapterId: 'c1', scriptId: 's1' });
  });

  it('every change increments the version and notifies subscribers with the new state', () => {
    const { store, seen, tick } = setup();
    store.selectChapter('c1');
    store.selectScript('s1');
    tick();
    store.selectSegment('scene-2');
    expect(seen.map((s) => s.version)).toEqual([1, 2, 3, 4]);
    expect(seen.at(-1)).toBe(store.getState());
    expect(seen[1]).toMatchObject({ scriptId: 's1', switching: true });
    expect(seen[2]).toMatchObject({ switching: false });
  });

  it('an unsubscribed listener hears nothing more', () => {
    const store = createScriptSelection(() => {});
    const heard: number[] = [];
    const off = store.subscribe((s) => heard.push(s.version));
    store.selectChapter('c1');
    off();
    store.selectChapter('c2');
    expect(heard).toEqual([1]);
  });
});
