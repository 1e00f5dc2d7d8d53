/**
 * One way for every benchmark to print what it measured (issue 17): one line per figure with its name, value,
 * unit, target and, where there is one, the comparison measured side by side in the same run. A figure that
 * misses its target is marked, never failed: timings on a shared 2-core machine drift.
 */

export interface Figure {
  /** What was measured, e.g. "save one paragraph p99". */
  name: string;
  value: number;
  unit: string;
  /** The target, e.g. { at: 'most', limit: 50 } for "≤ 50 ms"; absent when only printed. */
  target?: { at: 'most' | 'least'; limit: number };
  /** The side-by-side measurement, e.g. "plain contenteditable 18.2 ms, ratio 1.07". */
  comparison?: string;
}

const decimals = (value: number) => (Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2);

export const formatNumber = (value: number) =>
  value.toLocaleString('en', { maximumFractionDigits: decimals(value) });

/** Whether a figure meets its target; undefined when it has none. */
export function meetsTarget(figure: Figure): boolean | undefined {
  if (!figure.target) return undefined;
  return figure.target.at === 'most'
    ? figure.value <= figure.target.limit
    : figure.value >= figure.target.limit;
}

/** Prints one figure as `name  value unit  target ≤ n unit ✓|✗  comparison`. */
export function printFigure(figure: Figure): void {
  const met = meetsTarget(figure);
  const target = figure.target
    ? `target ${figure.target.at === 'most' ? '≤' : '≥'} ${formatNumber(figure.target.limit)} ${figure.unit} ${met ? '✓' : '✗ missed'}`
    : '';
  const columns = [
    figure.name.padEnd(60),
    `${formatNumber(figure.value)} ${figure.unit}`.padStart(14),
    target.padEnd(30),
    figure.comparison ?? '',
  ];
  console.log(columns.join('  ').trimEnd());
}

/** The value at a share (0.5 = median, 0.95 = p95) of ascending-sorted values. */
export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) throw new Error('percentile of no values');
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
}

export const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
