import type { StudentDetail } from "./types.ts";

/** A participant with only the given fields set, for the detail page's unit tests. */
export function studentFixture(fields: Partial<StudentDetail> = {}): StudentDetail {
  return {
    id: 7,
    uuid: "7e1c0c1e-0000-4000-8000-000000000007",
    first_name: "Maya",
    last_name: "Lin",
    preferred_name: null,
    email: null,
    phone: null,
    school_identifier: null,
    age: null,
    pid_number: null,
    zip: null,
    date_of_birth: null,
    is_veteran: null,
    housing: null,
    employment: null,
    sexual_identity: null,
    gender: null,
    sex: null,
    race: null,
    ...fields,
  } as unknown as StudentDetail;
}
