import { describeTenantMatrix, MATRIX_DATABASE } from "./tenant-matrix.ts";

// the first half of the mutations as every caller (decision 0430); the rest run in files of their own
describeTenantMatrix(MATRIX_DATABASE, { kind: "mutations", half: 1 });
