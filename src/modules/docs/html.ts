/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Escaped text where `code spans` become <code> elements (descriptions are written that way). */
export function inlineText(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** Paragraphs from blank-line separated text, with **bold** and `code`. */
export function paragraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((block) => `<p>${inlineText(block.trim()).replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')}</p>`)
    .join('\n');
}

// Inline only: the pages are self-contained (no CDN, no external stylesheet), and the
// Content-Security-Policy below allows nothing else.
const STYLE = `
:root { --text: #1d2330; --muted: #5b6475; --line: #e2e6ee; --accent: #2f5bd3; --soft: #f5f7fb; --code: #f0f2f7; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--text); background: #fff; }
header.top { border-bottom: 1px solid var(--line); background: var(--soft); }
header.top .inner, main { max-width: 1080px; margin: 0 auto; padding: 14px 24px; }
header.top nav a { margin-right: 18px; color: var(--text); text-decoration: none; font-weight: 600; }
header.top nav a:hover { color: var(--accent); }
h1 { font-size: 28px; margin: 18px 0 6px; }
h2 { font-size: 22px; margin: 36px 0 8px; padding-top: 10px; border-top: 1px solid var(--line); }
h3 { font-size: 17px; margin: 28px 0 6px; }
h4 { font-size: 14px; margin: 16px 0 6px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
a { color: var(--accent); }
code { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--code); padding: 1px 4px; border-radius: 4px; }
pre { background: var(--code); padding: 12px; border-radius: 6px; overflow-x: auto; }
table { width: 100%; border-collapse: collapse; margin: 6px 0 14px; font-size: 14px; }
th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid var(--line); }
th { color: var(--muted); font-weight: 600; }
tr:target { background: #fff6d6; }
.muted { color: var(--muted); }
.method { display: inline-block; min-width: 62px; text-align: center; font: 700 12px/20px ui-monospace, monospace; border-radius: 4px; color: #fff; background: #6b7385; margin-right: 8px; }
.method.get { background: #2d7d46; } .method.post { background: #2f5bd3; } .method.patch { background: #a86a12; } .method.delete { background: #b3322f; } .method.put { background: #7446b8; }
.operation { border: 1px solid var(--line); border-radius: 8px; padding: 4px 16px 10px; margin: 18px 0; }
.operation > h3 { margin-top: 12px; }
.path { font: 600 15px ui-monospace, monospace; }
.badge { font-size: 12px; padding: 1px 6px; border-radius: 10px; background: var(--code); color: var(--muted); margin-left: 6px; }
.required { color: #b3322f; font-size: 12px; margin-left: 4px; }
ul.toc { columns: 2; padding-left: 18px; }
.nested { margin: 4px 0 0 10px; padding-left: 10px; border-left: 2px solid var(--line); }
`;

/**
 * No other page, this service's own included, may frame the documentation (`frame-ancestors
 * 'none'`, and X-Frame-Options for browsers older than CSP 2): nothing needs to, and a framed page
 * is a clickjacking target (docs/decisions.md, "Served documents").
 */
export const HTML_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

/** A complete page: navigation, inline style, the body given; in Spanish, `lang` and the navigation's labels follow. */
export function page(title: string, body: string, language: 'en' | 'es' = 'en'): string {
  const nav =
    language === 'es'
      ? '<a href="/docs">Referencia de la API</a><a href="/docs/guides">Guías</a><a href="/docs/errors?lang=es">Errores</a><a href="/openapi.json">OpenAPI</a><a href="/llms-full.txt">llms-full.txt</a>'
      : '<a href="/docs">API reference</a><a href="/docs/guides">Guides</a><a href="/docs/errors">Errors</a><a href="/openapi.json">OpenAPI</a><a href="/llms-full.txt">llms-full.txt</a>';
  return `<!doctype html>
<html lang="${language === 'es' ? 'es-MX' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header class="top"><div class="inner"><nav>
${nav}
</nav></div></header>
<main>
${body}
</main>
</body>
</html>
`;
}
