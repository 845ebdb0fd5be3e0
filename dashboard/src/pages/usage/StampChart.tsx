import { formatDay } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import type { DayCount } from './stamp-series.ts';

const WIDTH = 600;
const HEIGHT = 200;
const LEFT = 32;
const BOTTOM = 22;
const TOP = 8;

/** A step of 1, 2 or 5 × 10^n that splits `max` into at most four gridlines. */
function niceStep(max: number): number {
  const rough = Math.max(1, max / 4);
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((factor) => factor * power).find((step) => step >= rough) ?? rough;
}

/**
 * Stamps per day as bars, drawn by hand in SVG. Screen readers get a one-sentence summary on the
 * image and the same figures as a table (folded for sighted users, always in the page).
 */
export function StampChart({ days }: { days: DayCount[] }) {
  const max = Math.max(0, ...days.map((entry) => entry.count));
  const step = niceStep(max);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - BOTTOM - TOP;
  const slot = plotWidth / days.length;
  const total = days.reduce((sum, entry) => sum + entry.count, 0);
  const ticks: number[] = [];
  for (let value = 0; value <= top; value += step) ticks.push(value);
  const summary = t('usage.chartSummary', { total, days: days.length, max, from: formatDay(days[0]?.day), to: formatDay(days.at(-1)?.day) });
  // A label every week keeps the axis readable at 375 px.
  const labelEvery = Math.ceil(days.length / 5);
  return (
    <figure class="chart">
      <div class="chart-box">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} data-testid="stamp-chart" preserveAspectRatio="none">
          {ticks.map((value) => {
            const y = TOP + plotHeight - (value / top) * plotHeight;
            return (
              <g key={value} class="chart-grid">
                <line x1={LEFT} x2={WIDTH} y1={y} y2={y} />
              </g>
            );
          })}
          {days.map((entry, index) => {
            const height = (entry.count / top) * plotHeight;
            const x = LEFT + index * slot + slot * 0.15;
            return (
              <g key={entry.day}>
                <rect class="chart-bar" x={x} y={TOP + plotHeight - height} width={slot * 0.7} height={Math.max(height, entry.count > 0 ? 1 : 0)}>
                  <title>{`${formatDay(entry.day)}: ${entry.count}`}</title>
                </rect>
              </g>
            );
          })}
        </svg>
        {/* Axis labels in HTML, placed by percentage: the stretched SVG would distort its own text. */}
        <div class="chart-axis" aria-hidden="true">
          {ticks.map((value) => (
            <span key={value} class="chart-tick" style={{ top: `${((TOP + plotHeight - (value / top) * plotHeight) / HEIGHT) * 100}%` }}>
              {value}
            </span>
          ))}
          {days.map((entry, index) =>
            index % labelEvery === 0 ? (
              <span key={entry.day} class="chart-day" style={{ left: `${((LEFT + index * slot + slot / 2) / WIDTH) * 100}%` }}>
                {formatDay(entry.day, 'short')}
              </span>
            ) : null,
          )}
        </div>
      </div>
      <figcaption class="hint">{summary}</figcaption>
      <details class="chart-table">
        <summary>{t('usage.showTable')}</summary>
        <table class="table compact">
          <caption class="visually-hidden">{t('usage.chartTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('usage.day')}</th>
              <th scope="col" class="numeric">
                {t('usage.stamps')}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((entry) => (
              <tr key={entry.day}>
                <td data-label={t('usage.day')}>{formatDay(entry.day)}</td>
                <td data-label={t('usage.stamps')} class="numeric">
                  {entry.count}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
