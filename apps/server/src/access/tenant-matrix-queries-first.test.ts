import { describeTenantMatrix, MATRIX_DATABASE } from "./tenant-matrix.ts";

// roles 1-4 and the search token (decision 0430); the other parts run in files of their own
describeTenantMatrix(MATRIX_DATABASE, { kind: "queries", callers: [0, 5] });
