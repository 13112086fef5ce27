-- TRUNCATE skips row triggers, so the append-only guard of the audit log (0015) needs a
-- statement-level one too (docs/decisions/0040-back-office-staff-and-audit.md).
DROP TRIGGER IF EXISTS audit_log_no_truncate ON audit_log;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
