-- Notice attachments uploaded before the upload form sent audience before the file were stored public:
-- every file a notice references is private (served only to signed-in readers of its audience and admins).
UPDATE "sys_file" SET "audience" = 'private' WHERE "audience" <> 'private' AND "id" IN (SELECT unnest("file_ids") FROM "sys_notice");
