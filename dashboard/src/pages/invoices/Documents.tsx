import { useEffect, useState } from 'preact/hooks';
import { apiPath, api, type Problem } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { ProblemBox, asProblem } from '../../kit/ProblemBox.tsx';
import { saveFile } from '../../kit/save.ts';
import type { Invoice } from './types.ts';

function fileName(invoice: Invoice, extension: string): string {
  return `${invoice.uuid ?? invoice.id}.${extension}`;
}

/**
 * The stamped documents. They are fetched with the session and mode headers (a plain link could
 * not send them) and handed to the browser as blobs: inline for the PDF preview, as files otherwise.
 */
export function Documents({ invoice }: { invoice: Invoice }) {
  const [previewUrl, setPreviewUrl] = useState<string | undefined>();
  const [problem, setProblem] = useState<Problem | undefined>();
  const [loading, setLoading] = useState(false);
  useEffect(() => () => previewUrl && URL.revokeObjectURL(previewUrl), [previewUrl]);
  async function preview() {
    setProblem(undefined);
    setLoading(true);
    try {
      const blob = await api.get<Blob>(apiPath`/v1/invoices/${invoice.id}/pdf`, { blob: true });
      setPreviewUrl(URL.createObjectURL(new Blob([blob], { type: 'application/pdf' })));
    } catch (error) {
      setProblem(asProblem(error));
    } finally {
      setLoading(false);
    }
  }
  async function download(path: string, name: string) {
    setProblem(undefined);
    try {
      await saveFile(path, name);
    } catch (error) {
      setProblem(asProblem(error));
    }
  }
  return (
    <section class="panel" aria-labelledby="documents-title">
      <h2 id="documents-title">{t('invoices.documents')}</h2>
      <div class="action-bar">
        <button type="button" class="button primary" onClick={preview} disabled={loading} aria-busy={loading}>
          {loading ? t('form.working') : t('invoices.previewPdf')}
        </button>
        <button type="button" class="button" onClick={() => download(apiPath`/v1/invoices/${invoice.id}/xml`, fileName(invoice, 'xml'))}>
          {t('invoices.downloadXml')}
        </button>
        <button type="button" class="button" onClick={() => download(apiPath`/v1/invoices/${invoice.id}/pdf`, fileName(invoice, 'pdf'))}>
          {t('invoices.downloadPdf')}
        </button>
      </div>
      <ProblemBox problem={problem} />
      {previewUrl && <iframe class="pdf-preview" src={previewUrl} title={t('invoices.pdfTitle')} data-testid="pdf-preview" />}
    </section>
  );
}
