/**
 * Any JSON value as an expandable tree (docs/product.md, "Look-up": a workflow's data "as
 * an expandable JSON tree"), following the WAI-ARIA tree view pattern: one tab stop, arrow
 * keys move between the visible items (Right opens or goes in, Left closes or goes out),
 * Home and End, Enter or Space opens and closes; a click does the same. Objects and arrays
 * show how many keys or items they hold while closed. No dependency beyond MUI.
 */
import ArrowRightIcon from '@mui/icons-material/ArrowRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useT } from '../../../i18n/use-t';

interface TreeNode {
  path: string;
  /** The key in its parent object, or the index in its array; none for the root. */
  name: string | null;
  value: unknown;
  level: number;
  parent: string | null;
  children: string[];
  kind: 'object' | 'array' | 'leaf';
}

function buildNodes(data: unknown): Map<string, TreeNode> {
  const nodes = new Map<string, TreeNode>();
  const visit = (value: unknown, path: string, name: string | null, level: number, parent: string | null) => {
    const kind = Array.isArray(value) ? 'array' : value !== null && typeof value === 'object' ? 'object' : 'leaf';
    const node: TreeNode = { path, name, value, level, parent, children: [], kind };
    nodes.set(path, node);
    if (kind === 'leaf') return;
    const entries = kind === 'array' ? (value as unknown[]).map((v, i) => [String(i), v] as const) : Object.entries(value as object);
    for (const [key, child] of entries) {
      const childPath = kind === 'array' ? `${path}[${key}]` : `${path}.${key}`;
      node.children.push(childPath);
      visit(child, childPath, key, level + 1, path);
    }
  };
  visit(data, '$', null, 1, null);
  return nodes;
}

const ROOT = '$';

function Leaf({ value }: { value: unknown }) {
  if (value === null)
    return (
      <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
        null
      </Box>
    );
  if (typeof value === 'string')
    return (
      <Box component="span" sx={{ color: '#1b5e20', overflowWrap: 'anywhere' }}>
        "{value}"
      </Box>
    );
  if (typeof value === 'number')
    return (
      <Box component="span" sx={{ color: '#0d47a1' }}>
        {value}
      </Box>
    );
  if (typeof value === 'boolean')
    return (
      <Box component="span" sx={{ color: '#6a1b9a' }}>
        {String(value)}
      </Box>
    );
  return <Box component="span">{String(value)}</Box>;
}

export function JsonTree({ data, label, rootName }: { data: unknown; label: string; rootName?: string }) {
  const { t } = useT();
  const nodes = useMemo(() => buildNodes(data), [data]);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set([ROOT]));
  const [focused, setFocused] = useState(ROOT);
  const items = useRef(new Map<string, HTMLLIElement>());

  const isBranch = (n: TreeNode) => n.kind !== 'leaf' && n.children.length > 0;
  const visible = useMemo(() => {
    const out: string[] = [];
    const walk = (path: string) => {
      out.push(path);
      if (expanded.has(path)) for (const child of nodes.get(path)?.children ?? []) walk(child);
    };
    walk(ROOT);
    return out;
  }, [nodes, expanded]);

  const focus = (path: string) => {
    setFocused(path);
    items.current.get(path)?.focus();
  };
  const toggle = (path: string, open?: boolean) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (open ?? !next.has(path)) next.add(path);
      else next.delete(path);
      return next;
    });

  const onKeyDown = (e: KeyboardEvent) => {
    // The item the key was pressed on (focus may have come without a focus event React saw).
    const current = (e.target as Element).closest('[role="treeitem"]')?.getAttribute('data-path') ?? focused;
    const node = nodes.get(current);
    if (!node) return;
    const at = visible.indexOf(current);
    const open = expanded.has(current);
    const branch = isBranch(node);
    const last = visible.length - 1;
    let handled = true;
    setFocused(current);
    switch (e.key) {
      case 'ArrowDown':
        if (at < last) focus(visible[at + 1]);
        break;
      case 'ArrowUp':
        if (at > 0) focus(visible[at - 1]);
        break;
      case 'Home':
        focus(visible[0]);
        break;
      case 'End':
        focus(visible[last]);
        break;
      case 'ArrowRight':
        if (branch && open) focus(node.children[0]);
        else if (branch) toggle(current, true);
        break;
      case 'ArrowLeft':
        if (branch && open) toggle(current, false);
        else if (node.parent) focus(node.parent);
        break;
      case 'Enter':
      case ' ':
        if (branch) toggle(current);
        break;
      default:
        handled = false;
    }
    if (handled) e.preventDefault();
  };

  const summary = (n: TreeNode) =>
    n.kind === 'array'
      ? `[ ] ${t('lookup:json.items', { count: n.children.length })}`
      : `{ } ${t('lookup:json.keys', { count: n.children.length })}`;

  /** One visible item; the tree is flat (aria-level, -setsize, -posinset), so an item's name is its own row. */
  const renderItem = (path: string) => {
    const n = nodes.get(path);
    if (!n) return null;
    const siblings = n.parent ? (nodes.get(n.parent)?.children ?? [path]) : [path];
    const branch = isBranch(n);
    const open = branch && expanded.has(path);
    return (
      <Box
        component="li"
        key={path}
        role="treeitem"
        data-path={path}
        aria-level={n.level}
        aria-setsize={siblings.length}
        aria-posinset={siblings.indexOf(path) + 1}
        aria-expanded={branch ? open : undefined}
        tabIndex={focused === path ? 0 : -1}
        ref={(el: HTMLLIElement | null) => {
          if (el) items.current.set(path, el);
          else items.current.delete(path);
        }}
        onClick={() => {
          setFocused(path);
          if (branch) toggle(path);
        }}
        onFocus={() => setFocused(path)}
        sx={{
          listStyle: 'none',
          display: 'flex',
          alignItems: 'flex-start',
          gap: 0.5,
          py: 0.25,
          pl: 0.5 + (n.level - 1) * 2.5,
          borderRadius: 1,
          cursor: branch ? 'pointer' : 'default',
          '&:hover': { bgcolor: 'action.hover' },
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        }}
      >
        <ArrowRightIcon
          aria-hidden
          fontSize="small"
          sx={{
            visibility: branch ? 'visible' : 'hidden',
            transform: open ? 'rotate(90deg)' : 'none',
            transition: 'transform 120ms',
            flex: 'none',
          }}
        />
        <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {n.name ?? rootName ?? ''}
          </Box>
          {(n.name !== null || rootName) && ': '}
          {n.kind === 'leaf' ? (
            <Leaf value={n.value} />
          ) : (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {summary(n)}
            </Box>
          )}
        </Box>
      </Box>
    );
  };

  const branches = () => [...nodes.values()].filter(isBranch).map((n) => n.path);
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
        <Button size="small" onClick={() => setExpanded(new Set(branches()))}>
          {t('lookup:json.expandAll')}
        </Button>
        <Button
          size="small"
          onClick={() => {
            setExpanded(new Set([ROOT]));
            setFocused(ROOT);
          }}
        >
          {t('lookup:json.collapseAll')}
        </Button>
      </Stack>
      <Box
        component="ul"
        role="tree"
        aria-label={label}
        onKeyDown={onKeyDown}
        sx={{ m: 0, p: 1, fontFamily: 'monospace', fontSize: 14, border: 1, borderColor: 'divider', borderRadius: 1, overflowX: 'auto' }}
      >
        {visible.map(renderItem)}
      </Box>
    </Box>
  );
}
