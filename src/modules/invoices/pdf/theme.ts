/**
 * Colours and type sizes of the document. The issuer's brand colour is the accent (rules, headings,
 * table headers); text drawn on it is white or black, whichever contrasts more, so that a pale
 * brand colour still gives readable headings.
 */
import { PdfRenderError } from './errors.ts';

const DEFAULT_BRAND_COLOR = '#1F4E79';

export interface Theme {
  /** The accent: section bars, table headers, the title. */
  accent: string;
  /** Text drawn on the accent. */
  onAccent: string;
  /** A pale tint of the accent for panel backgrounds and zebra rows. */
  tint: string;
  /** Accent-coloured text on white: the accent itself, or a darker shade when it is too pale. */
  accentText: string;
  text: string;
  muted: string;
  rule: string;
  warning: string;
}

type Rgb = [number, number, number];

function parseHex(color: string): Rgb {
  return [0, 2, 4].map((offset) => Number.parseInt(color.slice(1 + offset, 3 + offset), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

function mix(color: Rgb, other: Rgb, weight: number): Rgb {
  return color.map((channel, index) => channel * weight + (other[index] as number) * (1 - weight)) as Rgb;
}

/** WCAG relative luminance. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(first: number, second: number): number {
  return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
}

function parseBrandColor(color: string | undefined): string {
  if (color === undefined || color === '') return DEFAULT_BRAND_COLOR;
  if (!/^#[0-9A-Fa-f]{6}$/.test(color)) {
    throw new PdfRenderError('cfdi.pdf_invalid_brand_color', `The brand colour "${color}" is not of the form #RRGGBB.`);
  }
  return color.toUpperCase();
}

export function buildTheme(brandColor: string | undefined): Theme {
  const accent = parseBrandColor(brandColor);
  const rgb = parseHex(accent);
  const light = luminance(rgb);
  const onAccent = contrast(light, 1) >= contrast(light, 0) ? '#FFFFFF' : '#000000';
  // Headings on white need contrast too: darken a pale accent until it reads (WCAG 3:1 for large text).
  let text = rgb;
  for (let step = 0; step < 10 && contrast(luminance(text), 1) < 3; step += 1) text = mix(text, [0, 0, 0], 0.8);
  return {
    accent,
    onAccent,
    tint: toHex(mix(rgb, [255, 255, 255], 0.08)),
    accentText: toHex(text),
    text: '#1F2328',
    muted: '#5F6B76',
    rule: '#C9D1D9',
    warning: '#B42318',
  };
}
