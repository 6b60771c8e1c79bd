import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { FieldProblem } from '../shared/errors.js';
import { badInput } from '../shared/errors.js';
import { boundedText, httpUrl } from '../shared/validation.js';

// Checklist templates (sections of items) and the answers an inspection records against them.

export const ANSWER_TYPES = ['pass_fail', 'yes_no', 'text', 'number', 'photo'] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

export interface ChecklistItem {
  id: string;
  prompt: string;
  answerType: AnswerType;
  required: boolean;
}

export interface ChecklistSection {
  id: string;
  title: string;
  items: ChecklistItem[];
}

export interface ChecklistResponse {
  itemId: string;
  value: string;
  note?: string | null;
}

export const CHECKLIST_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const checklistId = z.string().regex(CHECKLIST_ID_PATTERN, 'must be 1 to 64 letters, digits, hyphens or underscores');

/** Ids not given are made up, short and stable from then on. */
const newId = (prefix: string) => `${prefix}_${randomBytes(6).toString('base64url')}`;

interface SectionInput {
  id?: string | null;
  title: string;
  items: { id?: string | null; prompt: string; answerType: AnswerType; required?: boolean | null }[];
}

/** Sections as stored: every id present and unique (section ids among sections, item ids in the whole template). */
export function normalizeSections(sections: SectionInput[]): ChecklistSection[] {
  const problems: FieldProblem[] = [];
  const sectionIds = new Set<string>();
  const itemIds = new Set<string>();
  const normalized = sections.map((section, s) => {
    const id = section.id ?? newId('sec');
    if (sectionIds.has(id)) problems.push({ field: `sections.${s}.id`, message: `repeats the section id "${id}"` });
    sectionIds.add(id);
    const items = section.items.map((item, i) => {
      const itemId = item.id ?? newId('item');
      if (itemIds.has(itemId)) problems.push({ field: `sections.${s}.items.${i}.id`, message: `repeats the item id "${itemId}"` });
      itemIds.add(itemId);
      return { id: itemId, prompt: item.prompt, answerType: item.answerType, required: item.required ?? false };
    });
    return { id, title: section.title, items };
  });
  if (problems.length) throw badInput(problems);
  return normalized;
}

const answerFormats: Record<AnswerType, { schema: z.ZodType<string>; expected: string }> = {
  pass_fail: { schema: z.enum(['pass', 'fail']), expected: '"pass" or "fail"' },
  yes_no: { schema: z.enum(['yes', 'no']), expected: '"yes" or "no"' },
  text: { schema: boundedText(10_000, 'multiline'), expected: 'text of at most 10000 characters' },
  number: { schema: z.string().regex(/^-?\d{1,12}(\.\d{1,6})?$/), expected: 'a decimal number written as a string, such as "12.5"' },
  photo: { schema: httpUrl, expected: 'an http(s) URL of the photo' },
};

/** Describes the value an item of each answer type takes, for the API's documentation. */
export const ANSWER_FORMATS_TEXT = Object.entries(answerFormats)
  .map(([type, format]) => `\`${type}\`: ${format.expected}`)
  .join('; ');

/** Checks responses against the template: known items, once each, values of the item's answer type. */
export function checkResponses(sections: ChecklistSection[], responses: ChecklistResponse[]): ChecklistResponse[] {
  const items = new Map(sections.flatMap((section) => section.items.map((item) => [item.id, item] as const)));
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  responses.forEach((response, index) => {
    const item = items.get(response.itemId);
    if (!item) problems.push({ field: `responses.${index}.itemId`, message: `"${response.itemId}" is not an item of the inspection's template` });
    else if (seen.has(item.id)) problems.push({ field: `responses.${index}.itemId`, message: `answers "${item.id}" a second time` });
    else if (!answerFormats[item.answerType].schema.safeParse(response.value).success) {
      problems.push({ field: `responses.${index}.value`, message: `must be ${answerFormats[item.answerType].expected} (item "${item.id}" is ${item.answerType})` });
    }
    seen.add(response.itemId);
  });
  if (problems.length) throw badInput(problems);
  return responses.map(({ itemId, value, note }) => ({ itemId, value, note: note ?? null }));
}

/** Required items without an answer, as the problems that keep an inspection from being submitted. */
export function unansweredRequired(sections: ChecklistSection[], responses: ChecklistResponse[]): FieldProblem[] {
  const answered = new Set(responses.map((r) => r.itemId));
  return sections.flatMap((section) =>
    section.items
      .filter((item) => item.required && !answered.has(item.id))
      .map((item) => ({ field: `responses.${item.id}`, message: `required item "${item.prompt}" (section "${section.title}") has no answer` })),
  );
}
