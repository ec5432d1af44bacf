-- Invitation and reset links were stored in clear (decision 0411). The next migration keeps only
-- a hash of each link's secret, which cannot be derived for old rows without keeping the secret:
-- they are deleted. Open links sent before the upgrade stop working (invite again, ask again);
-- spent ones carry nothing the app reads (the audit log records who registered and reset).
DELETE FROM "password_resets";--> statement-breakpoint
DELETE FROM "invitations";
