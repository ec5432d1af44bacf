import { describeTenantMatrix, MATRIX_DATABASE } from "./tenant-matrix.ts";

// every mutation as every caller (decision 0430); the queries run in files of their own
describeTenantMatrix(MATRIX_DATABASE, { kind: "mutations" });
