/**
 * Reading a `/metrics` answer as Prometheus does: Prometheus's own `promtool check metrics` parses
 * the exposition with Prometheus's text-format parser and lints it (names, types, help); only then
 * are the sample lines it accepted read into values. promtool comes with Debian's `prometheus`
 * package, which CI installs (.ci/run); without it these tests skip and say why.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

/** Why the tests that need promtool cannot run here, or undefined when it is installed. */
export const PROMTOOL_MISSING = spawnSync('promtool', ['--version'], { encoding: 'utf8' }).error
  ? 'promtool is not installed (Debian package prometheus; CI installs it)'
  : undefined;

/**
 * prom-client's default metrics that promtool's lint flags (gauges whose names end in `_total`):
 * names the library chose, kept for operators' existing dashboards.
 */
const LIBRARY_LINT_PROBLEMS = /^nodejs_active_(handles|requests|resources)_total non-counter metrics should not have "_total" suffix$/;

/** Fails unless promtool parses the exposition, and lints it clean but for the library's own names. */
export function assertValidExposition(text: string): void {
  const result = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  assert.ok(result.status === 0 || result.status === 3, `promtool could not parse the exposition (exit ${result.status}): ${result.stderr}${result.stdout}`);
  const problems = `${result.stdout}\n${result.stderr}`
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !LIBRARY_LINT_PROBLEMS.test(line));
  assert.deepEqual(problems, [], 'promtool found problems in the exposition');
}

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** A sample line: a name, labels in braces (values escaped with \\, \" and \n), a value. */
const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/gy;

/** Every sample of an exposition promtool accepted (histograms as their `_bucket`, `_sum` and `_count` series). */
export function readSamples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = SAMPLE_LINE.exec(line);
      assert.ok(match, `not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, name, escaped] of (match[2] ?? '').matchAll(LABEL)) {
        labels[name!] = escaped!.replace(/\\(.)/g, (_escape, character: string) => (character === 'n' ? '\n' : character));
      }
      const value = match[3]!;
      return { name: match[1]!, labels, value: value === '+Inf' ? Infinity : value === '-Inf' ? -Infinity : Number(value) };
    });
}

/** The sum of the samples named `name` whose labels include `labels` (0 when none). */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((sample) => sample.name === name && Object.entries(labels).every(([label, value]) => sample.labels[label] === value))
    .reduce((total, sample) => total + sample.value, 0);
}

/** The samples named `name` (one per series). */
export function seriesOf(samples: Sample[], name: string): Sample[] {
  return samples.filter((sample) => sample.name === name);
}
