-- The engine rewrites an open attendance row on most pings (its running state, decision 0560), and a
-- row with its state and evidence is one to two kilobytes: a full page leaves no room for the new
-- version, so the update moves the row and writes a new entry in each of the table's five indexes.
-- 30 % free room keeps those updates HOT (same page, no index writes). Pages written before this keep
-- their packing until their rows move (decision 0567).
ALTER TABLE "attendance" SET (fillfactor = 70);
