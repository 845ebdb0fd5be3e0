/**
 * True when the Accept header prefers JSON to HTML (q-values honoured, order breaking ties).
 * No Accept, `*\/*`, or a browser's usual header all mean HTML.
 */
export function prefersJson(accept: string | undefined): boolean {
  if (!accept) return false;
  let json = 0;
  let html = 0;
  let jsonPosition = Infinity;
  let htmlPosition = Infinity;
  accept.split(',').forEach((part, position) => {
    const [range = '', ...parameters] = part.trim().toLowerCase().split(';');
    const qParameter = parameters.map((item) => item.trim()).find((item) => item.startsWith('q='));
    const quality = qParameter ? Number(qParameter.slice(2)) || 0 : 1;
    const type = range.trim();
    if ((type === 'application/json' || type === 'application/*') && quality > json) [json, jsonPosition] = [quality, position];
    if ((type === 'text/html' || type === 'text/*') && quality > html) [html, htmlPosition] = [quality, position];
  });
  return json > html || (json > 0 && json === html && jsonPosition < htmlPosition);
}

/**
 * True when the Accept header prefers HTML to Markdown: what a browser sends. `*\/*` alone, no
 * header, or an explicit `text/markdown` keep the Markdown (curl, editors, agents).
 */
export function prefersHtmlToMarkdown(accept: string | undefined): boolean {
  if (!accept) return false;
  let html = 0;
  let markdown = 0;
  for (const part of accept.split(',')) {
    const [range = '', ...parameters] = part.trim().toLowerCase().split(';');
    const qParameter = parameters.map((item) => item.trim()).find((item) => item.startsWith('q='));
    const quality = qParameter ? Number(qParameter.slice(2)) || 0 : 1;
    const type = range.trim();
    if (type === 'text/html') html = Math.max(html, quality);
    if (type === 'text/markdown') markdown = Math.max(markdown, quality);
  }
  return html > 0 && html > markdown;
}
