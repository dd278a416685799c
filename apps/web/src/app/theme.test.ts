/**
 * The touch targets of app/theme.ts (docs/product.md, "Layout"; decision 046): on a phone or a
 * touch screen a checkbox, a radio and a switch are at least 44 px high. A rule of the page's
 * base styles loses to MUI's own style of a component when both are one class (the
 * component's comes later): a checkbox kept its 9 px padding (42 px) and a switch its 38 px.
 */
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

type Rules = Record<string, Record<string, number | string>>;

const touchRules = (): Rules => {
  const base = theme.components?.MuiCssBaseline?.styleOverrides as Record<string, unknown>;
  const key = Object.keys(base).find((k) => k.includes('pointer: coarse'));
  return base[key ?? ''] as Rules;
};

/** The number of classes and pseudo-classes of a selector's most specific part. */
const classes = (selector: string) => Math.min(...selector.split(',').map((s) => (s.match(/[.:][a-zA-Z]/g) ?? []).length));

const rulesFor = (part: string) => Object.entries(touchRules()).filter(([selector]) => selector.includes(part));

describe('touch targets', () => {
  it('give checkboxes and radios 10 px around their 24 px icon, with a selector that outweighs MUI’s own', () => {
    for (const part of ['MuiCheckbox-root', 'MuiRadio-root']) {
      const rules = rulesFor(part);
      expect(rules.map(([, style]) => style.padding)).toContain(10);
      for (const [selector] of rules) expect(classes(selector), selector).toBeGreaterThanOrEqual(2);
    }
  });

  it('make a switch 44 px high, its thumb’s target too', () => {
    const [root] = rulesFor('MuiSwitch-root');
    expect(root?.[1].height).toBe(44);
    expect(classes(root?.[0] ?? '')).toBeGreaterThanOrEqual(2);
    const [base] = rulesFor('MuiSwitch-switchBase');
    // 20 px thumb + 2 × 12.
    expect(base?.[1].padding).toBe(12);
    expect(classes(base?.[0] ?? '')).toBeGreaterThanOrEqual(2);
  });
});
