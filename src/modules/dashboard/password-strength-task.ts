/**
 * The password strength estimate (zxcvbn-ts) as a worker-pool task: one estimate takes from a few
 * to a couple of hundred milliseconds of CPU (matching against about 49,000 common and breached
 * passwords, English and Spanish words and names, keyboard patterns, dates, l33t spellings),
 * which must not be the event loop's. The estimator and its dictionaries are built once per
 * worker thread, at its first estimate.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import * as es from '@zxcvbn-ts/language-es-es';
import type { Language } from './language.ts';

export interface StrengthTaskInput {
  password: string;
  /** Words of the account (e-mail, its parts, the organization's name) that a password must not lean on. */
  userInputs: string[];
  language: Language;
}

export interface StrengthTaskOutput {
  /** 0 (too guessable) to 4 (very unguessable), zxcvbn's scale. */
  score: number;
  /** What makes the password weak and how to do better, in the requested language. */
  warning: string | null;
  suggestions: string[];
}

/**
 * Bounds on one estimate's work: only the first 100 characters are read (a password whose first
 * 100 characters are weak is refused, whatever follows), and l33t substitutions are tried at
 * most 5 at a time, which keeps the slowest inputs tried to a few tenths of a second, not seconds.
 */
const ESTIMATE_MAX_LENGTH = 100;
const L33T_MAX_SUBSTITUTIONS = 5;

type Messages = { warnings: Record<string, string>; suggestions: Record<string, string> };

const MESSAGES: Record<Language, Messages> = {
  en: en.translations,
  // One suggestion of the Spanish package is misspelt ("Evitas").
  es: { warnings: es.translations.warnings, suggestions: { ...es.translations.suggestions, repeated: 'Evita palabras y letras repetidas.' } },
};

let estimator: ZxcvbnFactory | undefined;

function estimatorOf(): ZxcvbnFactory {
  // Without translations the estimator's feedback is message keys, translated per request below.
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary, ...es.dictionary },
    graphs: common.adjacencyGraphs,
    maxLength: ESTIMATE_MAX_LENGTH,
    l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
  });
  return estimator;
}

/** Translation packages end most sentences with a full stop, not all. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

export default function estimateStrength(input: StrengthTaskInput): StrengthTaskOutput {
  const result = estimatorOf().check(input.password, input.userInputs);
  const messages = MESSAGES[input.language];
  const { warning, suggestions } = result.feedback;
  return {
    score: result.score,
    warning: warning ? sentence(messages.warnings[warning] ?? warning) : null,
    suggestions: suggestions.map((key) => sentence(messages.suggestions[key] ?? key)),
  };
}
