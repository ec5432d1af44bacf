import { DATABASES } from "../../test/harness.ts";
import { describeTenantMatrix } from "./tenant-matrix.ts";

// roles 5-9 (decision 0430); the other parts run in files of their own
for (const db of DATABASES) describeTenantMatrix(db, { kind: "queries", callers: [5, 10] });
