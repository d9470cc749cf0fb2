-- Issue 21 §8: course files (and their PDF renditions) are private to the course's audience;
-- files uploaded as public before and attached to a course stop being served to anyone with the id.
UPDATE "sys_file" SET "audience" = 'private'
WHERE "audience" <> 'private'
  AND "id" IN (
    SELECT "file_id" FROM "el_course_file"
    UNION
    SELECT "pdf_file_id" FROM "el_course_file" WHERE "pdf_file_id" IS NOT NULL
  );
