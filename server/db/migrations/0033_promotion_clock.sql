-- The round that tells every instance when a promotion starts or ends (server/domain/promotions/clock.ts,
-- docs/decisions/0127-promotions.md): its queue, as the other scheduled rounds (0029_job_queue.sql).
SELECT pgboss.create_queue('promocoes-agenda', '{"policy":"stately","retryLimit":3,"retryDelay":10,"retryBackoff":true,"expireInSeconds":40}');
