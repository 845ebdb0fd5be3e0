/** What every section of the document reads: the page, the parsed CFDI and how to name codes. */
import type { Comprobante, TimbreFiscalDigital } from '../../../cfdi/model.ts';
import type { CatalogLabels } from './format.ts';
import type { Sheet } from './sheet.ts';

export interface RenderContext {
  sheet: Sheet;
  comprobante: Comprobante;
  /** Absent only on a branding preview, which is never stamped. */
  timbre: TimbreFiscalDigital | undefined;
  /** A branding preview of a sample (render.ts): every page says it is no CFDI and has no fiscal validity. */
  preview: boolean;
  labels: CatalogLabels;
  /** False in test mode: the timbre comes from the simulator and the CFDI has no fiscal validity. */
  livemode: boolean;
  /** Mexico City wall time of the cancellation, when the CFDI is cancelled. */
  cancelledAt: string | undefined;
  /** A logo already checked by checkLogo. */
  logo: Buffer | undefined;
  /** Cadena original del complemento de certificación digital del SAT (TFD 1.1), as the XSLT gives it. */
  timbreCadena: string;
  /** The SAT verification expression the QR code encodes. */
  verificationUrl: string;
}

/** Label and value styles shared by the sections. */
export const LABEL = { font: 'bold', size: 6.3 } as const;
export const VALUE = { size: 7.8 } as const;
