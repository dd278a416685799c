import { describe, expect, it } from 'vitest';
import { type ActiveRow, modeOf, rowReducer } from './row-state';

describe('key row states', () => {
  it('toggles editing and removing, exclusively, and cancels the active one when clicked again', () => {
    let s: ActiveRow = null;
    s = rowReducer(s, { type: 'toggle', id: 'a', mode: 'editing' });
    expect(modeOf(s, 'a')).toBe('editing');
    s = rowReducer(s, { type: 'toggle', id: 'a', mode: 'removing' });
    expect(modeOf(s, 'a')).toBe('removing');
    s = rowReducer(s, { type: 'toggle', id: 'a', mode: 'removing' });
    expect(modeOf(s, 'a')).toBe('idle');
  });

  it('keeps one active row: another row’s action leaves the first idle', () => {
    let s: ActiveRow = rowReducer(null, { type: 'toggle', id: 'a', mode: 'editing' });
    s = rowReducer(s, { type: 'toggle', id: 'b', mode: 'removing' });
    expect([modeOf(s, 'a'), modeOf(s, 'b')]).toEqual(['idle', 'removing']);
    expect(rowReducer(s, { type: 'done' })).toBeNull();
  });
});
