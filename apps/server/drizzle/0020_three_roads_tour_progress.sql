-- 0019 swapped the Three Roads Tour's Alpine Pass for the Alpine Foothills, but members'
-- progress (videos_watched, current_total, completion_percent, complete) is only recomputed on a
-- ride save, a join, a deleted ride or an admin recalculation, so it kept counting the old video.
-- Queue the admins' recalculation (the `challenge.recalculate` job, payload { challengeId }) for
-- a tour holding the new videos and having members; a worker runs it after start. A tour made
-- with these videos from the start recomputes to the same numbers, and one an admin changed
-- (other videos) is left alone, as 0019 left it.
INSERT INTO "jobs" ("name", "payload")
SELECT 'challenge.recalculate', jsonb_build_object('challengeId', c."id")
FROM "challenges" c
WHERE c."title" = 'Three Roads Tour'
  AND c."video_subset" = ARRAY['sample-coastal-rollers', 'sample-alpine-foothills', 'sample-vineyard-hills']::text[]
  AND EXISTS (SELECT 1 FROM "user_challenges" uc WHERE uc."challenge_id" = c."id");
