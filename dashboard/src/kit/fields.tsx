import type { ComponentChildren, InputHTMLAttributes } from 'preact';
import { fieldId, type FormState } from './form.tsx';

interface FieldFrameProps {
  form: FormState;
  name: string;
  label: string;
  hint?: string | undefined;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ComponentChildren;
}

/** Label, control, hint and error, bound together by ids so assistive technology reads them as one. */
function FieldFrame({ form, name, label, hint, children }: FieldFrameProps) {
  form.fields.add(name);
  const id = fieldId(name);
  const error = form.errors[name];
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class={`field${error ? ' invalid' : ''}`}>
      <label for={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': described })}
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

interface InputProps {
  type?: 'text' | 'email' | 'password' | 'date';
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'text' | 'email';
  maxLength?: number;
  required?: boolean;
  list?: string;
}

export function TextField({ form, name, label, hint, list, ...input }: { form: FormState; name: string; label: string; hint?: string } & InputProps) {
  return (
    <FieldFrame form={form} name={name} label={label} hint={hint}>
      {(bound) => (
        <input
          // Preact's input types tie `list` to the input type; these props are the text-like subset.
          {...({ ...input, list } as InputHTMLAttributes<HTMLInputElement>)}
          {...bound}
          name={name}
          value={form.values[name] ?? ''}
          onInput={(event) => form.set(name, event.currentTarget.value)}
        />
      )}
    </FieldFrame>
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectField({
  form,
  name,
  label,
  hint,
  options,
  required,
}: {
  form: FormState;
  name: string;
  label: string;
  hint?: string;
  options: Option[];
  required?: boolean;
}) {
  return (
    <FieldFrame form={form} name={name} label={label} hint={hint}>
      {(bound) => (
        <select {...bound} name={name} required={required} value={form.values[name] ?? ''} onChange={(event) => form.set(name, event.currentTarget.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

export function FileField({ form, name, label, hint, accept }: { form: FormState; name: string; label: string; hint?: string; accept?: string }) {
  return (
    <FieldFrame form={form} name={name} label={label} hint={hint}>
      {(bound) => <input {...bound} type="file" name={name} accept={accept} onChange={(event) => form.setFile(name, event.currentTarget.files?.[0])} />}
    </FieldFrame>
  );
}
