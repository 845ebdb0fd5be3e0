/**
 * A JSON value pretty-printed in a scrolling block. No tabIndex: browsers put scrollable
 * containers in the keyboard order themselves; the section's heading names it.
 */
export function JsonView({ value }: { value: unknown }) {
  return (
    <pre class="json" data-testid="json">
      <code>{JSON.stringify(value, null, 2)}</code>
    </pre>
  );
}
