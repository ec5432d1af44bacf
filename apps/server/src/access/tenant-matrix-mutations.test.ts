import { DATABASES } from "../../test/harness.ts";
import { describeTenantMatrix } from "./tenant-matrix.ts";

// every mutation as every caller (decision 0430); the queries run in files of their own
for (const db of DATABASES) describeTenantMatrix(db, { kind: "mutations" });
