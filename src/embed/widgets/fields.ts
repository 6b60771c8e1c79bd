import type { FieldProblem } from './api.js';
import { el, uniqueId } from './dom.js';
import type { Strings } from './strings.js';

export type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface FieldSpec {
  /** The API's name of the value (a custom field's is `customFields.<key>`). */
  name: string;
  label: string;
  kind: 'text' | 'email' | 'tel' | 'textarea' | 'number' | 'checkbox' | 'date' | 'select';
  required?: boolean;
  options?: string[];
  autocomplete?: string;
}

export interface Field {
  spec: FieldSpec;
  control: Control;
  element: HTMLElement;
  /** Shows a problem under the field (and marks it invalid), or clears it. */
  problem(message?: string): void;
}

/** A labelled field, its problem tied to it by `aria-describedby`. Optional fields say so in their label. */
export function field(spec: FieldSpec, strings: Strings): Field {
  const id = uniqueId('field');
  const problemId = `${id}-problem`;
  const common = { id, name: spec.name, required: spec.required, autocomplete: spec.autocomplete, part: 'input' };
  let control: Control;
  if (spec.kind === 'textarea') control = el('textarea', common);
  else if (spec.kind === 'select') {
    control = el('select', common, el('option', { value: '' }, ''), ...(spec.options ?? []).map((option) => el('option', { value: option }, option)));
  } else control = el('input', { ...common, type: spec.kind, step: spec.kind === 'number' ? 'any' : undefined });
  const label = el('label', { for: id, part: 'label' }, spec.label, spec.required ? '' : ` ${strings.optional}`);
  const problem = el('p', { id: problemId, class: 'problem', hidden: true });
  const element = spec.kind === 'checkbox' ? el('div', { class: 'field check' }, control, label, problem) : el('div', { class: 'field' }, label, control, problem);
  return {
    spec,
    control,
    element,
    problem(message) {
      problem.hidden = !message;
      problem.textContent = message ?? '';
      if (message) {
        control.setAttribute('aria-invalid', 'true');
        control.setAttribute('aria-describedby', problemId);
      } else {
        control.removeAttribute('aria-invalid');
        control.removeAttribute('aria-describedby');
      }
    },
  };
}

/** A field's value as the API takes it: absent when empty, a boolean for a checkbox, else the text. */
export function valueOf({ spec, control }: Field): string | boolean | undefined {
  if (spec.kind === 'checkbox') return (control as HTMLInputElement).checked;
  const text = control.value.trim();
  return text === '' ? undefined : text;
}

/**
 * Checks every field with the browser's own constraint validation (required, email, number,
 * date), shows each problem under its field and lists them all in `alert`; focuses the first
 * wrong field. True when all are valid.
 */
export function checkFields(fields: Field[], alert: HTMLElement, strings: Strings): boolean {
  const problems: FieldProblem[] = [];
  for (const f of fields) {
    const valid = f.control.checkValidity();
    const message = valid ? undefined : f.control.validity.valueMissing ? strings.required(f.spec.label) : `${f.spec.label}: ${f.control.validationMessage}`;
    f.problem(message);
    if (message) problems.push({ field: f.spec.name, message });
  }
  showProblems(problems, alert, strings);
  fields.find((f) => !f.control.validity.valid)?.control.focus();
  return problems.length === 0;
}

/** The server's 400 problems next to their fields, and all of them in `alert`. */
export function showServerProblems(fields: Field[], problems: FieldProblem[], alert: HTMLElement, strings: Strings): void {
  for (const f of fields) {
    const mine = problems.filter((p) => p.field === f.spec.name);
    f.problem(mine.length ? mine.map((p) => p.message).join('; ') : undefined);
  }
  showProblems(
    problems.map((p) => {
      const f = fields.find((candidate) => candidate.spec.name === p.field);
      return { field: p.field, message: f ? `${f.spec.label}: ${p.message}` : p.message };
    }),
    alert,
    strings,
  );
}

function showProblems(problems: FieldProblem[], alert: HTMLElement, strings: Strings): void {
  alert.replaceChildren(...(problems.length ? [strings.fixProblems, el('ul', {}, ...problems.map((p) => el('li', {}, p.message)))] : []));
}
