/**
 * The state of the key list's rows: a row is idle, editing or removing. Editing and
 * removing are exclusive; clicking the active one cancels it; one row at a time is
 * active, so opening another row's action leaves the previous one idle.
 */
export type RowMode = 'idle' | 'editing' | 'removing';
export type ActiveRow = { id: string; mode: Exclude<RowMode, 'idle'> } | null;
export type RowAction = { type: 'toggle'; id: string; mode: Exclude<RowMode, 'idle'> } | { type: 'done' };

export function rowReducer(active: ActiveRow, action: RowAction): ActiveRow {
  if (action.type === 'done') return null;
  if (active?.id === action.id && active.mode === action.mode) return null;
  return { id: action.id, mode: action.mode };
}

export function modeOf(active: ActiveRow, id: string): RowMode {
  return active?.id === id ? active.mode : 'idle';
}
