// A node:test reporter that prints nothing while the suite runs and, at the end, how many tests
// were skipped and why, grouped by reason, so a missing fixture set or tool cannot pass unnoticed.
export default async function* skipsReporter(source) {
  const reasons = new Map();
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const skip = event.data.skip;
    if (skip === undefined || skip === false) continue;
    const reason = typeof skip === 'string' && skip !== '' ? skip : 'no reason given';
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  const total = [...reasons.values()].reduce((sum, count) => sum + count, 0);
  if (total === 0) return;
  const lines = [...reasons].sort((a, b) => b[1] - a[1]).map(([reason, count]) => `  ${String(count).padStart(4)}  ${reason}`);
  yield `\n*** ${total} test${total === 1 ? '' : 's'} skipped ***\n${lines.join('\n')}\n\n`;
}
