-- Definitions gain a label and a display order. Existing definitions get the label derived from
-- their key as the application derives it (src/custom-fields/custom-field.rules.ts, `labelFromKey`):
-- words split at underscores and before a capital that follows a lower-case letter or digit,
-- lower-cased, the first letter capitalised (`poNumber` and `po_number` are both "Po number").
-- AlterTable
ALTER TABLE "CustomFieldDefinition" ADD COLUMN     "label" VARCHAR(200),
ADD COLUMN     "order" INTEGER NOT NULL DEFAULT 0;

UPDATE "CustomFieldDefinition" SET "label" = upper(left(words, 1)) || substr(words, 2)
FROM (
  SELECT "id" AS word_id, lower(btrim(regexp_replace(regexp_replace("key", '([a-z0-9])([A-Z])', '\1 \2', 'g'), '_+', ' ', 'g'))) AS words
  FROM "CustomFieldDefinition"
) AS derived
WHERE "id" = derived.word_id;

ALTER TABLE "CustomFieldDefinition" ALTER COLUMN "label" SET NOT NULL;
