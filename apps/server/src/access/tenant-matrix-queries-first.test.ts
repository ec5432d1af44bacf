import { DATABASES } from "../../test/harness.ts";
import { describeTenantMatrix } from "./tenant-matrix.ts";

// roles 1-4 and the search token (decision 0430); the other parts run in files of their own
for (const db of DATABASES) describeTenantMatrix(db, { kind: "queries", callers: [0, 5] });
