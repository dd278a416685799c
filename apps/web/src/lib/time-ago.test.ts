/** Times as the dashboard tells them: how long something waited and how long ago it was, in the page's language. */
import { describe, expect, it } from 'vitest';
import { formatDuration, formatTimeAgo } from './time-ago';

const NOW = Date.parse('2026-11-21T12:00:00.000Z');
const earlier = (ms: number) => new Date(NOW - ms).toISOString();
/** French and others put a no-break space between a figure and its unit: compared as a space. */
const duration = (ms: number, language: string) => formatDuration(ms, language).replace(/\s/g, ' ');

describe('durations and times ago', () => {
  it('counts whole units, the largest that fits: seconds, minutes, hours, days', () => {
    expect(duration(59_999, 'fr')).toBe('59 s');
    expect(duration(60_000, 'fr')).toBe('1 min');
    expect(duration((2 * 60 + 59) * 60_000, 'fr')).toBe('2 h');
    expect(duration(3 * 86_400_000, 'fr')).toBe('3 j');
    expect(duration(3 * 86_400_000, 'pt')).toBe('3 dias');
  });

  it('says how long ago in the page’s language, and an instant ahead of the clock as now', () => {
    expect(formatTimeAgo(earlier(5 * 60_000 + 30_000), 'es', NOW)).toBe('hace 5 minutos');
    expect(formatTimeAgo(earlier(86_400_000), 'fr', NOW)).toBe('hier');
    expect(formatTimeAgo(earlier(-90_000), 'pt', NOW)).toBe('agora');
  });
});
