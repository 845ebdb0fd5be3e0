/**
 * Pickers backed by the SAT catalogs (/v1/catalogs/{slug}): a select for the small catalogs, a
 * search box with suggestions for the large ones (product and unit keys). A catalog the operator
 * has not imported answers 404; the box then takes any code and the API checks its format.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { apiPath, api, type Page } from '../core/api.ts';
import { t } from '../core/i18n.ts';
import { type Option, SelectField, TextField } from './fields.tsx';
import type { FormState } from './form.tsx';
import type { Schema } from '../api/types.ts';

export type CatalogEntry = Schema<'CatalogEntry'>;

const cache = new Map<string, Promise<CatalogEntry[]>>();

/** A catalog's entries (cached per page load); empty when the catalog is not imported. */
export function entries(slug: string, q = ''): Promise<CatalogEntry[]> {
  const key = `${slug}?${q}`;
  let found = cache.get(key);
  if (!found) {
    found = api
      .get<Page<CatalogEntry & { id?: string }>>(apiPath`/v1/catalogs/${slug}`, { query: { limit: 100, q: q || undefined } })
      .then((page) => page.data)
      .catch(() => {
        cache.delete(key);
        return [];
      });
    cache.set(key, found);
  }
  return found;
}

const label = (entry: CatalogEntry) => `${entry.code} — ${entry.description}`;

export function CatalogSelect(props: {
  form: FormState;
  name: string;
  label: string;
  catalog: string;
  hint?: string;
  only?: (entry: CatalogEntry) => boolean;
}) {
  const [options, setOptions] = useState<Option[]>([]);
  const { catalog, only } = props;
  useEffect(() => {
    let alive = true;
    void entries(catalog).then((found) => {
      if (alive) setOptions(found.filter((entry) => (only ? only(entry) : true)).map((entry) => ({ value: entry.code, label: label(entry) })));
    });
    return () => {
      alive = false;
    };
  }, [catalog, only]);
  return (
    <SelectField form={props.form} name={props.name} label={props.label} hint={props.hint} options={[{ value: '', label: t('form.choose') }, ...options]} />
  );
}

/** A catalog code as people read it, "601 — General de Ley Personas Morales" (the bare code until the catalog answers, or when it does not list it). */
export function CatalogText({ catalog, code }: { catalog: string; code: string | null }) {
  const [description, setDescription] = useState<string | undefined>();
  useEffect(() => {
    if (!code) return;
    let alive = true;
    void entries(catalog).then((found) => alive && setDescription(found.find((entry) => entry.code === code)?.description));
    return () => {
      alive = false;
    };
  }, [catalog, code]);
  if (!code) return <>—</>;
  return <>{description ? `${code} — ${description}` : code}</>;
}

/** Whether a c_UsoCFDI entry may be used by a receptor of this régimen (the catalog's own column). */
function usoFits(entry: CatalogEntry, regimen: string): boolean {
  const regimes = entry.data?.tax_regimes;
  return !regimen || !Array.isArray(regimes) || regimes.includes(regimen);
}

/**
 * The uso CFDI select of a receptor: it offers the usos the SAT's catalog pairs with the régimen
 * held in the form's `regimenField`, and a uso the new régimen does not allow is cleared rather
 * than kept out of sight. The invoice form and the customer form share it.
 */
export function CfdiUseSelect(props: { form: FormState; name: string; regimenField: string; label: string }) {
  const { form, name } = props;
  const regimen = form.values[props.regimenField] ?? '';
  const uso = form.values[name] ?? '';
  const only = useCallback((entry: CatalogEntry) => usoFits(entry, regimen), [regimen]);
  useEffect(() => {
    if (!regimen || !uso) return;
    let alive = true;
    void entries('uso_cfdi').then((found) => {
      const entry = found.find((candidate) => candidate.code === uso);
      if (alive && entry && !usoFits(entry, regimen)) form.set(name, '');
    });
    return () => {
      alive = false;
    };
  }, [regimen]);
  return (
    <CatalogSelect form={form} name={name} label={props.label} catalog="uso_cfdi" only={only} hint={regimen ? t('invoices.cfdiUseByRegimen') : undefined} />
  );
}

export function CatalogSearch(props: { form: FormState; name: string; label: string; catalog: string; hint?: string }) {
  const { form, name, catalog } = props;
  const text = form.values[name] ?? '';
  const [suggestions, setSuggestions] = useState<CatalogEntry[]>([]);
  useEffect(() => {
    // Suggestions follow the words typed, not a code already chosen.
    if (text.trim().length < 2) return setSuggestions([]);
    let alive = true;
    const timer = setTimeout(() => {
      void entries(catalog, text.trim()).then((found) => alive && setSuggestions(found.slice(0, 20)));
    }, 250);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [catalog, text]);
  const listId = `list-${name.replace(/[^A-Za-z0-9]/g, '-')}`;
  return (
    <>
      <TextField form={form} name={name} label={props.label} hint={props.hint ?? t('catalog.searchHint')} list={listId} autoComplete="off" />
      <datalist id={listId}>
        {suggestions.map((entry) => (
          <option key={entry.code} value={entry.code}>
            {entry.description}
          </option>
        ))}
      </datalist>
    </>
  );
}
