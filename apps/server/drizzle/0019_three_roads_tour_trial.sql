-- The sample Three Roads Tour held the Pro-only Alpine Pass, so no trial member could finish it.
-- Installs that made it before swap in the Alpine Foothills (made by the sample catalogue at the
-- next start); a tour an admin has changed since is left alone.
UPDATE "challenges" SET "video_subset" = ARRAY['sample-coastal-rollers', 'sample-alpine-foothills', 'sample-vineyard-hills']::text[]
WHERE "title" = 'Three Roads Tour'
  AND "video_subset" = ARRAY['sample-coastal-rollers', 'sample-alpine-pass', 'sample-vineyard-hills']::text[];
