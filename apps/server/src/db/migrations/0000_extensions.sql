-- pg_trgm backs the search indexes (ILIKE '%x%'); PGlite loads it as an extension too.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
