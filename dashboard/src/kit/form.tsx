/**
 * Forms: values are kept flat by the API's own paths ('customer.rfc', 'items.0.unit_price'), so a
 * 422's errors[].path lands on the field of that name; problems no field claims are listed above
 * the submit button with the problem's title, detail and remediation.
 */
import type { ComponentChildren, TargetedSubmitEvent } from 'preact';
import { useRef, useState } from 'preact/hooks';
import type { FieldProblem, Problem } from '../core/api.ts';
import { t } from '../core/i18n.ts';
import { ProblemBox, asProblem } from './ProblemBox.tsx';

export type Values = Record<string, string>;

export interface FormState<V extends Values = Values> {
  values: V;
  files: Record<string, File | undefined>;
  errors: Record<string, string>;
  problem: Problem | undefined;
  unmatched: FieldProblem[];
  submitting: boolean;
  set(name: string, value: string): void;
  setFile(name: string, file: File | undefined): void;
  /** Field names rendered in this form; errors for other paths go to the summary. */
  fields: Set<string>;
  fail(error: unknown): void;
  reset(values?: Values): void;
  clearErrors(): void;
  setSubmitting(value: boolean): void;
}

export function useForm<V extends Values>(initial: V): FormState<V> {
  const [values, setValues] = useState<V>(initial);
  const [files, setFiles] = useState<Record<string, File | undefined>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<Problem | undefined>();
  const [unmatched, setUnmatched] = useState<FieldProblem[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const fields = useRef(new Set<string>()).current;
  return {
    values,
    files,
    errors,
    problem,
    unmatched,
    submitting,
    fields,
    setSubmitting,
    set(name, value) {
      setValues((previous) => ({ ...previous, [name]: value }));
      if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
    setFile(name, file) {
      setFiles((previous) => ({ ...previous, [name]: file }));
      if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
    fail(error) {
      const found = asProblem(error);
      const byField: Record<string, string> = {};
      const rest: FieldProblem[] = [];
      for (const entry of found.errors ?? []) {
        if (fields.has(entry.path) && !byField[entry.path]) byField[entry.path] = entry.message;
        else rest.push(entry);
      }
      setErrors(byField);
      setUnmatched(rest);
      setProblem(found);
      const first = Object.keys(byField)[0];
      if (first) requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
    },
    clearErrors() {
      setErrors({});
      setProblem(undefined);
      setUnmatched([]);
    },
    reset(next) {
      setValues({ ...initial, ...next } as V);
      setFiles({});
      setErrors({});
      setProblem(undefined);
      setUnmatched([]);
    },
  };
}

export function fieldId(name: string): string {
  return `field-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

interface FormProps {
  form: FormState;
  onSubmit: () => Promise<void>;
  submitLabel: string;
  children: ComponentChildren;
  secondary?: ComponentChildren;
  label?: string;
}

export function Form({ form, onSubmit, submitLabel, children, secondary, label }: FormProps) {
  async function submit(event: TargetedSubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.submitting) return;
    form.setSubmitting(true);
    form.clearErrors();
    try {
      await onSubmit();
    } catch (error) {
      form.fail(error);
    } finally {
      form.setSubmitting(false);
    }
  }
  return (
    <form class="form" onSubmit={submit} noValidate aria-label={label}>
      {children}
      <ProblemBox problem={form.problem} unmatched={form.unmatched} />
      <div class="form-actions">
        <button type="submit" class="button primary" disabled={form.submitting} aria-busy={form.submitting}>
          {form.submitting ? t('form.working') : submitLabel}
        </button>
        {secondary}
      </div>
    </form>
  );
}
