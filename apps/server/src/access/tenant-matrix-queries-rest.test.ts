import { describeTenantMatrix, MATRIX_DATABASE } from "./tenant-matrix.ts";

// roles 5-9 (decision 0430); the other parts run in files of their own
describeTenantMatrix(MATRIX_DATABASE, { kind: "queries", callers: [5, 10] });
